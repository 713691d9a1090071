import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { authProvider } from '../resources';
import { EMPTY_STATS, jsonBody, renderAdmin, signIn, stubApi } from '../test/admin';
import { PAID_ORDER } from '../test/fixtures';
import type { ReviewQueueRow } from '@store/contracts';
import { heldFor } from '../orders/holdReasons';
import { taxCountryChoices } from './ReviewActions';
import { EMPTY_QUEUE_TEXT, historyText } from './ReviewList';

type Order = ReviewQueueRow;

const HELD: Order = {
  ...PAID_ORDER,
  id: 'dddddddd-0000-4000-8000-000000000004',
  customerEmail: 'held@mailinator.com',
  status: 'on_hold',
  holdReasons: ['disposable-email', 'first-order-amount'],
  heldAt: new Date(Date.now() - 5 * 3_600_000).toISOString(),
  productIds: ['office-2024-standard'],
  history: { previousOrders: 0, refunds: 0, disputes: 0, fraudWarnings: 0, firstOrderAt: null },
  timeline: [],
  timelineTruncated: false,
};

const list = (rows: Order[]) =>
  Response.json(rows, {
    headers: {
      'Content-Range': rows.length ? `reviews 0-${rows.length - 1}/${rows.length}` : 'reviews */0',
    },
  });

describe('the review queue', () => {
  it('lists held orders with their reasons and age, and approves one after saying what happens', async () => {
    let decided: unknown;
    const fetchMock = stubApi({
      'GET /api/admin/reviews': () => list([HELD]),
      [`POST /api/admin/orders/${HELD.id}/review`]: (init) => {
        decided = jsonBody(init);
        return Response.json({
          orderId: HELD.id,
          decision: 'approve',
          status: 'fulfilled',
          paymentStatus: 'completed',
          reviewedAt: new Date().toISOString(),
        });
      },
    });
    signIn();
    renderAdmin('/admin/reviews');
    const row = (await screen.findByText(/held@mailinator\.com/)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Disposable e-mail')).toBeTruthy();
    expect(within(row).getByText('Large first order')).toBeTruthy();
    expect(within(row).getByText('5 hours')).toBeTruthy();
    const sorts = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://admin.test'))
      .filter((url) => url.pathname === '/api/admin/reviews')
      .map((url) => url.searchParams.get('sort'));
    // The oldest hold first: the order waiting longest is decided first.
    expect(sorts).toContain(JSON.stringify(['heldAt', 'ASC']));

    fireEvent.click(await within(row).findByRole('button', { name: 'Approve order dddddddd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this order?' });
    expect(
      within(dialog).getByText(/its reserved licence keys and download links are e-mailed/),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Note (staff only)'), { target: { value: 'Checked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decided).toEqual({ decision: 'approve', note: 'Checked' }));
  });

  it('lets an admin choose the VAT country of an order held for its tax evidence', async () => {
    const inDoubt: Order = {
      ...HELD,
      holdReasons: ['tax-evidence'],
      taxMode: 'inclusive',
      taxCountry: 'DE',
      evidence: {
        billingCountry: 'DE',
        cardCountry: 'FR',
        checkoutIpCountry: null,
        agreedCountry: null,
        agreeing: [],
      },
    };
    expect(taxCountryChoices(inDoubt)).toEqual(['DE', 'FR']);
    expect(taxCountryChoices({ ...inDoubt, taxMode: 'off' })).toEqual([]);
    expect(taxCountryChoices(HELD)).toEqual([]);
    let decided: unknown;
    stubApi({
      'GET /api/admin/reviews': () => list([inDoubt]),
      [`POST /api/admin/orders/${HELD.id}/review`]: (init) => {
        decided = jsonBody(init);
        return Response.json({ orderId: HELD.id, decision: 'approve', status: 'fulfilled' });
      },
    });
    signIn();
    renderAdmin('/admin/reviews');
    const row = (await screen.findByText(/held@mailinator\.com/)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Tax country in doubt')).toBeTruthy();
    fireEvent.click(await within(row).findByRole('button', { name: 'Approve order dddddddd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this order?' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'VAT of' }));
    fireEvent.click(await screen.findByRole('option', { name: 'FR' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decided).toEqual({ decision: 'approve', taxCountry: 'FR' }));
  });

  it('offers to refund and ask the buyer to order again when the agreed country’s VAT would raise what they owe', async () => {
    const elsewhere: Order = {
      ...HELD,
      holdReasons: ['country-mismatch', 'tax-evidence'],
      taxMode: 'exclusive',
      taxCountry: 'US',
      evidence: {
        billingCountry: 'US',
        cardCountry: 'DE',
        checkoutIpCountry: 'DE',
        agreedCountry: 'DE',
        agreeing: ['card', 'checkoutAddress'],
      },
    };
    expect(taxCountryChoices(elsewhere)).toEqual(['US', 'DE']);
    const offer =
      "VAT was added to this order: at DE's rate (19%) the buyer would owe 7.69 more than was paid. " +
      'Refund the order (reject) and ask the buyer to order again.';
    const decisions: unknown[] = [];
    stubApi({
      'GET /api/admin/reviews': () => list([elsewhere]),
      [`POST /api/admin/orders/${HELD.id}/review`]: (init) => {
        const body = jsonBody(init) as { decision: string };
        decisions.push(body);
        return body.decision === 'approve'
          ? Response.json(
              { statusCode: 409, error: 'Conflict', message: offer, refundAndReorder: true },
              { status: 409 },
            )
          : Response.json({
              orderId: HELD.id,
              decision: 'reject',
              status: 'cancelled',
              refund: { id: 'r1', status: 'pending', failureReason: null },
            });
      },
    });
    signIn();
    renderAdmin('/admin/reviews');
    const row = (await screen.findByText(/held@mailinator\.com/)).closest('tr') as HTMLElement;
    fireEvent.click(await within(row).findByRole('button', { name: 'Approve order dddddddd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this order?' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'VAT of' }));
    fireEvent.click(await screen.findByRole('option', { name: 'DE' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(offer)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund and ask the buyer to order again' }));
    await waitFor(() =>
      expect(decisions).toEqual([{ decision: 'approve', taxCountry: 'DE' }, { decision: 'reject' }]),
    );
  });

  it('lets an admin keep the reverse charge of an order held for its VAT number, or charge the consumer rate', async () => {
    const unnamed: Order = {
      ...HELD,
      holdReasons: ['vat-number-review'],
      taxMode: 'inclusive',
      taxCountry: 'DE',
      reverseCharge: true,
      billingCompany: 'Beispiel GmbH',
      vatNumber: 'DE811907980',
      vatNumberStatus: 'verified',
      vatNameMatch: 'undisclosed',
    };
    let decided: unknown;
    stubApi({
      'GET /api/admin/reviews': () => list([unnamed]),
      [`POST /api/admin/orders/${HELD.id}/review`]: (init) => {
        decided = jsonBody(init);
        return Response.json({ orderId: HELD.id, decision: 'approve', status: 'fulfilled' });
      },
    });
    signIn();
    renderAdmin('/admin/reviews');
    const row = (await screen.findByText(/held@mailinator\.com/)).closest('tr') as HTMLElement;
    expect(within(row).getByText('VAT number’s company unconfirmed')).toBeTruthy();
    fireEvent.click(await within(row).findByRole('button', { name: 'Approve order dddddddd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this order?' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Tax as' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Consumer rate (DE)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decided).toEqual({ decision: 'approve', consumerRate: true }));
  });

  it('shows support staff the queue without the decisions', async () => {
    const asked = vi.spyOn(authProvider, 'canAccess');
    onTestFinished(() => asked.mockRestore());
    stubApi({
      'GET /api/admin/reviews': () => list([HELD]),
      '/api/admin/dashboard': () => Response.json(EMPTY_STATS),
    });
    signIn('support');
    renderAdmin('/admin/reviews');
    const row = (await screen.findByText(/held@mailinator\.com/)).closest('tr') as HTMLElement;
    // The buttons wait for the access check of each decision: once both have answered (and react-query has
    // told the rows, in a task of its own), an admin's would be there.
    const checked = () =>
      asked.mock.calls.filter(([{ resource }]) => resource === 'reviews').map(([{ action }]) => action);
    await waitFor(() => expect(checked()).toEqual(expect.arrayContaining(['approve', 'reject'])));
    await act(async () => {
      await Promise.all(asked.mock.results.map((result) => result.value));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(within(row).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
  });

  it('shows each held order with its evidence, the buyer’s history, a link and its timeline', async () => {
    const returning: Order = {
      ...HELD,
      customerEmail: 'returning@example.com',
      holdReasons: ['velocity-orders'],
      evidence: {
        billingCountry: 'DE',
        cardCountry: 'FR',
        checkoutIpCountry: null,
        agreedCountry: null,
        agreeing: [],
      },
      history: {
        previousOrders: 1,
        refunds: 1,
        disputes: 2,
        fraudWarnings: 0,
        firstOrderAt: '2026-10-01T10:00:00Z',
      },
      timeline: [
        { at: '2026-11-28T10:00:00Z', kind: 'created', title: 'Order placed' },
        { at: '2026-11-28T10:01:00Z', kind: 'held', title: 'Held for review', detail: 'velocity-orders' },
      ],
    };
    stubApi({ 'GET /api/admin/reviews': () => list([returning]) });
    signIn();
    renderAdmin('/admin/reviews');
    const row = (await screen.findByText(/returning@example\.com/)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Billing DE · IP — · Card FR')).toBeTruthy();
    expect(within(row).getByText(/^1 previous order since .*; 1 refund, 2 disputes$/)).toBeTruthy();
    const link = within(row).getByRole('link', { name: 'Order dddddddd in the orders list' });
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toBe(
      `/admin/orders?filter=${JSON.stringify({ id: [HELD.id] })}`,
    );
    expect(screen.queryByRole('list', { name: 'Order timeline' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Timeline of order dddddddd' }));
    const timeline = await screen.findByRole('list', { name: 'Order timeline' });
    expect(within(timeline).getByText('Held for review')).toBeTruthy();
    expect(within(timeline).getByText('Order placed')).toBeTruthy();
  });

  it('says so when no order waits, and the sidebar’s link counts none', async () => {
    stubApi({ 'GET /api/admin/reviews': () => list([]) });
    signIn();
    renderAdmin('/admin/reviews');
    expect(await screen.findByText(EMPTY_QUEUE_TEXT)).toBeTruthy();
    expect(EMPTY_QUEUE_TEXT).toBe('No orders waiting for review');
    expect(screen.queryByText(/No Review queue found/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Review queue' })).toBeTruthy();
  });

  it('counts the held orders waiting on the sidebar’s link', async () => {
    stubApi({
      'GET /api/admin/reviews': () =>
        Response.json([HELD], { headers: { 'Content-Range': 'reviews 0-0/3' } }),
      '/api/admin/dashboard': () => Response.json(EMPTY_STATS),
    });
    signIn('support');
    renderAdmin('/admin/dashboard');
    const link = await screen.findByRole('link', { name: 'Review queue: 3 orders waiting' });
    expect(within(link).getByText('3')).toBeTruthy();
  });

  it('words the buyer’s history with proper plurals', () => {
    const history = (h: Partial<Order['history']>) =>
      historyText({
        history: { previousOrders: 0, refunds: 0, disputes: 0, fraudWarnings: 0, firstOrderAt: null, ...h },
      });
    expect(history({})).toBe('First order');
    expect(history({ previousOrders: 1 })).toBe('1 previous order; no refunds or disputes');
    expect(history({ previousOrders: 3, fraudWarnings: 1 })).toBe('3 previous orders; 1 fraud warning');
  });

  it('tells the age in hours, then days', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(heldFor('2026-11-26T11:30:00Z', now)).toBe('under 1 hour');
    expect(heldFor('2026-11-26T11:00:00Z', now)).toBe('1 hour');
    expect(heldFor('2026-11-23T12:00:00Z', now)).toBe('3 days');
  });
});
