import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { App, BASENAME } from './App';

// react-admin takes a while to settle in jsdom: wait longer than Testing Library's default second.
const SLOW = { timeout: 10_000 };

function renderAdmin(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <App /> }], {
    initialEntries: [path],
    basename: BASENAME,
  });
  render(<RouterProvider router={router} />);
  return router;
}

// Starts on the login page itself: main.tsx sends visitors without a session there before react-admin
// renders (the browser journeys cover that), because react-admin's own redirect loops for a while under
// react-router 7.
async function openLoginPage() {
  const router = renderAdmin('/admin/login');
  await screen.findByRole('heading', { name: 'Admin Portal' }, SLOW);
  return router;
}

function submit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the back office', () => {
  it('shows the login form', async () => {
    await openLoginPage();

    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('asks for the missing fields without calling the API', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await openLoginPage();

    submit('', '');

    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('notifies a failed login with the reason the API gives', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { statusCode: 401, message: 'Invalid credentials', error: 'Unauthorized' },
          { status: 401 },
        ),
      ),
    );
    const router = await openLoginPage();

    submit('admin', 'wrong');

    expect(await screen.findByText('Login failed: Invalid credentials', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('lands on the dashboard after signing in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ success: true, token: 'token-1', user: { id: 1, username: 'admin', role: 'admin' } }),
      ),
    );
    const router = await openLoginPage();

    submit('admin', 'secret');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'), SLOW);
    expect(await screen.findByText('Signed in as admin.', {}, SLOW)).toBeTruthy();
    expect(localStorage.getItem('admin.token')).toBe('token-1');
  });

  it('opens the home path on the dashboard', async () => {
    localStorage.setItem('admin.token', 'token-1');
    localStorage.setItem('admin.user', JSON.stringify({ id: 1, username: 'admin', role: 'admin' }));

    const router = renderAdmin('/admin/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'), SLOW);
  });
});
