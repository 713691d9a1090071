import { render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../app/router';
import { makeStore } from '../store/store';
import type { CustomerOrder } from '../features/account/accountApi';
import { renderRoute } from '../test/render';

const key = (licenseKey: string, available: boolean): CustomerOrder['licenseKeys'][number] => ({
  id: `00000000-0000-4000-8000-${licenseKey.slice(-5).padStart(12, '0')}`,
  productId: 'office-2024-standard',
  licenseKey,
  available,
  status: 'active',
  activationCount: 0,
  activationLimit: 1,
  report: null,
  canReport: false,
});

const ORDER: CustomerOrder = {
  id: '6f1c2d3e-0000-4000-8000-000000000003',
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'fulfilled',
  paymentStatus: 'completed',
  awaitingKeys: false,
  totalCents: 8098,
  canWithdraw: false,
  withdrawnAt: null,
  items: [
    { productId: 'office-2024-standard', name: 'Office 2024 Standard', quantity: 2, unitPriceCents: 4049 },
  ],
  licenseKeys: [key('ABCDE-12345-FGHIJ-67890-KLMNO', true), key('XXXXX-XXXXX-XXXXX-XXXXX-PQRST', false)],
  downloads: [],
  invoiceNumber: null,
  creditNotes: [],
};

describe('AccountPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers to copy a readable key, and sends the customer to support for one that cannot be shown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([ORDER])),
    );
    renderRoute('/account?token=t0ken');

    expect(await screen.findByText('ABCDE-12345-FGHIJ-67890-KLMNO')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Copy licence key ABCDE-12345-FGHIJ-67890-KLMNO' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /XXXXX-PQRST/ })).toBeNull();
    expect(screen.getByText(/This key can.t be shown/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/contact');
  });

  it('explains a paid order that was cancelled in words: nothing was sent and the payment comes back', async () => {
    const owed: CustomerOrder = {
      ...ORDER,
      id: 'abcdef12-0000-4000-8000-000000000004',
      status: 'cancelled',
      paymentStatus: 'completed',
      licenseKeys: [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([owed, ORDER])),
    );
    renderRoute('/account?token=t0ken');

    const card = await screen.findByRole('article', { name: 'Order abcdef12' });
    expect(within(card).getByText('Refund due')).toBeTruthy();
    expect(within(card).getByRole('alert').textContent).toBe(
      'Not completed: no licence keys were sent and your payment will be refunded in full.',
    );
    // Its states are not shown as the API's words ("Order: cancelled", "Payment: completed").
    expect(card.textContent).not.toMatch(/Order:|Payment:|cancelled/);
    // A delivered order keeps its statuses.
    const delivered = screen.getByRole('article', { name: 'Order 6f1c2d3e' });
    expect(within(delivered).queryByText('Refund due')).toBeNull();
    expect(within(delivered).queryByRole('alert')).toBeNull();
    // In words, never the API's enum values.
    expect(within(delivered).getByText('Delivered')).toBeTruthy();
    expect(within(delivered).getAllByText('Active').length).toBeGreaterThan(0);
    expect(delivered.textContent).not.toMatch(/fulfilled|completed|\bactive\b/);
  });

  it("says a held order is being reviewed, within the store's hours, and shows no keys for it", async () => {
    const held: CustomerOrder = {
      ...ORDER,
      id: 'abcdef13-0000-4000-8000-000000000005',
      status: 'on_hold',
      licenseKeys: [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([held])),
    );
    renderRoute('/account?token=t0ken');

    const card = await screen.findByRole('article', { name: 'Order abcdef13' });
    expect(within(card).getByText('Being reviewed')).toBeTruthy();
    expect(within(card).getByText(/^Your order is being reviewed, usually within 12 hours\./)).toBeTruthy();
    expect(within(card).queryByText('Licence keys')).toBeNull();
  });
});

describe('AccountPage access token', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  /** The app in a real browser router, opened at `url` as the address bar would be. */
  function openInBrowser(url: string) {
    window.history.replaceState(null, '', url);
    return render(
      <Provider store={makeStore()}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Provider>,
    );
  }

  /** Answers the orders only to the token `t0ken`, as the API does; records each Authorization sent. */
  function stubApi() {
    const sent: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (!String(input).includes('/api/account/orders')) return Response.json({});
        const authorization = new Headers(init?.headers).get('authorization');
        sent.push(authorization);
        return authorization === 'Bearer t0ken'
          ? Response.json([ORDER])
          : Response.json({ statusCode: 401, message: 'expired', error: 'Unauthorized' }, { status: 401 });
      }),
    );
    return sent;
  }

  it('moves the token out of the address bar once read, and keeps it for a reload of the tab', async () => {
    const sent = stubApi();
    const first = openInBrowser('/account?token=t0ken');
    expect(await screen.findByText('ABCDE-12345-FGHIJ-67890-KLMNO')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/account'));
    expect(window.location.href).not.toContain('t0ken');
    first.unmount();

    // A reload: the address no longer holds the token, the tab still does.
    openInBrowser('/account');
    expect(await screen.findByText('ABCDE-12345-FGHIJ-67890-KLMNO')).toBeTruthy();
    expect(sent).toEqual(['Bearer t0ken', 'Bearer t0ken']);
  });

  it('forgets a token the API no longer accepts', async () => {
    stubApi();
    openInBrowser('/account?token=stale');
    expect(await screen.findByText(/This sign-in link has expired/)).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(sessionStorage.length).toBe(0);
  });
});
