import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin, signIn, stubApi } from '../test/admin';
import type { Customer, CustomerRow } from './api';

const ROW: CustomerRow = {
  id: 'ann@x.com',
  email: 'ann@x.com',
  name: 'Ann Smith',
  orders: 3,
  paidOrders: 2,
  spentCents: 28348,
  spent: [
    { currency: 'USD', cents: 28348 },
    { currency: 'EUR', cents: 3799 },
  ],
  firstOrderAt: '2026-11-01T10:00:00.000Z',
  lastOrderAt: '2026-11-20T10:00:00.000Z',
};
const ORDER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const CUSTOMER: Customer = {
  ...ROW,
  orderList: [
    {
      id: ORDER_ID,
      createdAt: '2026-11-20T10:00:00.000Z',
      status: 'fulfilled',
      paymentStatus: 'completed',
      currency: 'EUR',
      totalCents: 3799,
      paidAt: '2026-11-20T10:01:00.000Z',
      awaitingKeys: false,
    },
  ],
  licenseKeys: [
    {
      id: 'k1',
      orderId: ORDER_ID,
      productId: 'office-2024-home-business',
      licenseKey: 'XXXXX-XXXXX-XXXXX-XXXXX-ABCDE',
      status: 'active',
      activationCount: 1,
      activationLimit: 1,
    },
  ],
  downloads: [],
  activations: [
    { id: 1, licenseKeyId: 'k1', instanceId: 'LAPTOP-ANN', createdAt: '2026-11-21T10:00:00.000Z' },
  ],
  emails: [
    {
      id: 9,
      kind: 'order-delivery',
      subject: 'Your Office licence keys',
      status: 'sent',
      orderId: ORDER_ID,
      createdAt: '2026-11-20T10:01:00.000Z',
      sentAt: '2026-11-20T10:01:05.000Z',
    },
  ],
  messages: [],
  keyReports: [],
  refunds: [
    {
      id: 'r1',
      orderId: ORDER_ID,
      currency: 'EUR',
      amountCents: 1000,
      status: 'succeeded',
      createdAt: '2026-11-22T10:00:00.000Z',
    },
  ],
};

const posts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));

describe('the customer view', () => {
  it('searches customers by the start of their address', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/customers': () =>
        Response.json([ROW], { headers: { 'Content-Range': 'customers 0-0/1' } }),
    });
    signIn('support');
    renderAdmin('/admin/customers');
    const row = (await screen.findByText('ann@x.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Ann Smith')).toBeTruthy();
    // Each currency in its own, never added up.
    expect(within(row).getByText('$283.48 + €37.99')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText(/Name or e-mail address, or its start/), {
      target: { value: 'ann@' },
    });
    await waitFor(() => {
      const filters = fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://admin.test'))
        .filter((url) => url.pathname === '/api/admin/customers')
        .map((url) => url.searchParams.get('filter'));
      expect(filters).toContain('{"q":"ann@"}');
    });
  });

  it('sorts customers by a column: the API is asked for that sort', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/customers': () =>
        Response.json([ROW], { headers: { 'Content-Range': 'customers 0-0/1' } }),
    });
    signIn('support');
    renderAdmin('/admin/customers');
    await screen.findByText('ann@x.com');
    // The name, their latest order's, is not a sort field of the API.
    expect(within(screen.getByRole('columnheader', { name: 'Name' })).queryByRole('button')).toBeNull();
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Spent/ })).getByRole('button'));
    await waitFor(() => {
      const sorts = fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://admin.test'))
        .filter((url) => url.pathname === '/api/admin/customers')
        .map((url) => url.searchParams.get('sort'));
      expect(sorts.at(-1)).toMatch(/^\["spentCents","(ASC|DESC)"\]$/);
    });
  });

  it('opens a customer from the list, waiting for their details', async () => {
    stubApi({
      'GET /api/admin/customers': () =>
        Response.json([ROW], { headers: { 'Content-Range': 'customers 0-0/1' } }),
      'GET /api/admin/customers/ann%40x.com': () => Response.json(CUSTOMER),
    });
    signIn('admin');
    const router = renderAdmin('/admin/customers');
    fireEvent.click(await screen.findByText('ann@x.com'));
    expect(await screen.findByRole('heading', { name: 'Ann Smith' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/customers/ann%40x.com/show');
  });

  it("shows everything of the customer's and sends them an access link", async () => {
    const fetchMock = stubApi({
      'GET /api/admin/customers/ann%40x.com': () => Response.json(CUSTOMER),
      'POST /api/admin/customers/ann%40x.com/access-link': () =>
        Response.json({ queued: true, emailId: 10 }, { status: 202 }),
      [`POST /api/admin/orders/${ORDER_ID}/resend-email`]: () =>
        Response.json({ queued: true, emailId: 11 }, { status: 202 }),
    });
    signIn('support');
    renderAdmin('/admin/customers/ann%40x.com/show');

    expect(await screen.findByRole('heading', { name: 'Ann Smith' })).toBeTruthy();
    const keys = screen.getByRole('region', { name: 'Licence keys' });
    expect(within(keys).getByText('XXXXX-XXXXX-XXXXX-XXXXX-ABCDE')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Activations' })).getByText('LAPTOP-ANN')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'E-mails sent' })).getByText('Your Office licence keys'),
    ).toBeTruthy();
    expect(screen.getByText(/\$283\.48 \+ €37\.99 spent/)).toBeTruthy();
    // The order and its refund in the order's currency.
    expect(within(screen.getByRole('region', { name: 'Orders' })).getByText('€37.99')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Refunds' })).getByText('€10.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send access link' }));
    expect((await screen.findByRole('status')).textContent).toContain('Access link sent');
    fireEvent.click(screen.getByRole('button', { name: 'Resend the delivery e-mail of order aaaaaaaa' }));
    await waitFor(() =>
      expect(posts(fetchMock)).toEqual([
        '/api/admin/customers/ann%40x.com/access-link',
        `/api/admin/orders/${ORDER_ID}/resend-email`,
      ]),
    );
  });

  it('says why an access link was not sent', async () => {
    stubApi({
      'GET /api/admin/customers/ann%40x.com': () => Response.json(CUSTOMER),
      'POST /api/admin/customers/ann%40x.com/access-link': () =>
        Response.json(
          { statusCode: 429, message: 'An access link was sent to this address less than a minute ago' },
          { status: 429 },
        ),
    });
    signIn('admin');
    renderAdmin('/admin/customers/ann%40x.com/show');
    fireEvent.click(await screen.findByRole('button', { name: 'Send access link' }));
    expect((await screen.findByRole('alert')).textContent).toContain('less than a minute ago');
  });
});
