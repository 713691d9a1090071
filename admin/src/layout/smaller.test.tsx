import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetStoreConfig } from '../common/storeConfig';
import { EMPTY_STATS, renderAdmin, signIn, stubApi } from '../test/admin';
import { PAID_ORDER } from '../test/fixtures';

// The smaller back-office defects of issue #18, item 22.

afterEach(() => {
  resetStoreConfig();
  document.cookie = 'sidebar_state=; max-age=0; path=/';
});

const emptyOrders = () => Response.json([], { headers: { 'Content-Range': 'orders 0-0/0' } });

describe('Ctrl+B', () => {
  it('leaves the sidebar alone while typing in a search box, and toggles it elsewhere', async () => {
    stubApi({
      'GET /api/admin/orders': () =>
        Response.json([PAID_ORDER], { headers: { 'Content-Range': 'orders 0-0/1' } }),
    });
    signIn();
    renderAdmin('/admin/orders');
    const search = await screen.findByPlaceholderText('Search by e-mail, name or order ID');
    const toggle = screen.getByRole('button', { name: 'Toggle Sidebar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    search.focus();
    fireEvent.keyDown(search, { key: 'b', ctrlKey: true });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(document.body, { key: 'b', ctrlKey: true });
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
  });
});

describe('the login page', () => {
  it('sends a signed-in user to the dashboard', async () => {
    stubApi({ '/api/admin/dashboard': () => Response.json(EMPTY_STATS) });
    signIn();
    const router = renderAdmin('/admin/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });
});

describe('an unknown address', () => {
  it('shows our own "Page not found" with a way back', async () => {
    stubApi({ '/api/admin/dashboard': () => Response.json(EMPTY_STATS) });
    signIn();
    const router = renderAdmin('/admin/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });
});

describe('signing out in another tab', () => {
  it('takes this tab to the login page, which says the session ended', async () => {
    stubApi({ 'GET /api/admin/orders': emptyOrders });
    signIn();
    const router = renderAdmin('/admin/orders');
    await screen.findByRole('button', { name: 'Toggle Sidebar' });

    // What the other tab's sign-out does to this one: the shared token goes, and a storage event says so.
    act(() => {
      localStorage.removeItem('admin.token');
      localStorage.removeItem('admin.user');
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'admin.token', oldValue: 'token-1', newValue: null }),
      );
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(await screen.findByText('Your session ended, sign in again.')).toBeTruthy();
  });

  it('says the same when the server no longer takes the token (a 401)', async () => {
    stubApi({ 'GET /api/admin/orders': () => Response.json({ message: 'Unauthorized' }, { status: 401 }) });
    signIn();
    const router = renderAdmin('/admin/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(await screen.findByText('Your session ended, sign in again.')).toBeTruthy();
  });
});
