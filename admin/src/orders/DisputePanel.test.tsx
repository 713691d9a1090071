import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminDispute } from '@store/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin, signIn, stubApi } from '../test/admin';
import { PAID_ORDER, PAID_ORDER_DETAIL } from '../test/fixtures';
import type { OrderDetail } from './types';

const DAY = 24 * 60 * 60 * 1000;

const dispute = (changes: Partial<AdminDispute> = {}): AdminDispute => ({
  id: 'd0000000-0000-4000-8000-000000000001',
  kind: 'dispute',
  providerDisputeId: 'dp_1Test',
  amountCents: 4049,
  currency: 'usd',
  reason: 'fraudulent',
  status: 'needs_response',
  evidenceDueBy: new Date(Date.now() + 10 * DAY).toISOString(),
  evidenceSubmittedAt: null,
  evidenceSubmittedBy: null,
  keysRevoked: true,
  createdAt: '2026-11-24T09:00:00.000Z',
  ...changes,
});

const order = (disputes: AdminDispute[]): OrderDetail => ({
  ...PAID_ORDER_DETAIL,
  paymentStatus: 'disputed',
  refundableCents: 0,
  disputes,
});

const base = (o: OrderDetail) => `/api/admin/orders/${o.id}/disputes/${o.disputes[0]!.id}`;

function serve(o: OrderDetail, extra: Record<string, (init?: RequestInit) => Response> = {}) {
  return stubApi({
    'GET /api/admin/orders': () =>
      Response.json([PAID_ORDER], { headers: { 'Content-Range': 'orders 0-0/1' } }),
    [`GET /api/admin/orders/${o.id}`]: () => Response.json(o),
    ...extra,
  });
}

async function openOrder(role = 'admin') {
  signIn(role);
  renderAdmin('/admin/orders');
  fireEvent.click(await screen.findByRole('button', { name: 'View order bbbbbbbb' }));
  const dialog = await screen.findByRole('dialog', { name: 'Order bbbbbbbb' });
  await within(dialog).findByText(/Order ID:/);
  return dialog;
}

const posts = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === path && init?.method === 'POST');

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
  );
});

describe('the Disputes section of the order dialog', () => {
  it('is absent for an order without disputes', async () => {
    serve(order([]));
    const dialog = await openOrder();
    expect(within(dialog).queryByRole('region', { name: 'Disputes' })).toBeNull();
  });

  it('shows the dispute: status, reason, amount, due date highlighted when near; submits evidence after confirming', async () => {
    const o = order([dispute({ evidenceDueBy: new Date(Date.now() + DAY).toISOString() })]);
    const fetchMock = serve(o, {
      [`POST ${base(o)}/evidence`]: () =>
        Response.json({
          ...o.disputes[0],
          evidenceSubmittedAt: new Date().toISOString(),
          evidenceSubmittedBy: 'admin',
        }),
    });
    const dialog = await openOrder();
    const section = await within(dialog).findByRole('region', { name: 'Disputes' });
    const row = within(section).getByRole('article', { name: 'Dispute dp_1Test' });
    expect(within(row).getByText('Needs response')).toBeTruthy();
    expect(within(row).getByText('$40.49')).toBeTruthy();
    expect(within(row).getByText(/fraudulent/)).toBeTruthy();
    expect(within(row).getByRole('alert').textContent).toContain('Evidence due by');
    expect(within(row).queryByRole('button', { name: 'Restore keys' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Submit evidence to Stripe' }));
    const confirm = await screen.findByRole('dialog', { name: 'Submit the evidence to Stripe?' });
    expect(posts(fetchMock, `${base(o)}/evidence`)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Submit evidence' }));
    await waitFor(() => expect(posts(fetchMock, `${base(o)}/evidence`)).toHaveLength(1));
  });

  it('does not highlight a due date far off', async () => {
    serve(order([dispute()]));
    const dialog = await openOrder();
    const section = await within(dialog).findByRole('region', { name: 'Disputes' });
    expect(within(section).getByText(/Evidence due by/)).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('downloads the evidence pack as PDF and JSON, for support staff too, who may not submit or restore', async () => {
    const o = order([dispute()]);
    const fetchMock = serve(o, {
      [`GET ${base(o)}/evidence`]: () =>
        new Response(new Blob(['%PDF-1.3']), { headers: { 'content-type': 'application/pdf' } }),
    });
    const dialog = await openOrder('support');
    const section = await within(dialog).findByRole('region', { name: 'Disputes' });
    expect(within(section).queryByRole('button', { name: 'Submit evidence to Stripe' })).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Download PDF' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Download JSON' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(2));
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/evidence'));
    expect(asked).toEqual([`${base(o)}/evidence?format=pdf`, `${base(o)}/evidence?format=json`]);
    const auth = new Headers(
      fetchMock.mock.calls.find(([url]) => String(url).includes('/evidence'))![1]?.headers,
    );
    expect(auth.get('Authorization')).toMatch(/^Bearer /);
  });

  it('offers "Restore keys" once won, with a confirmation, and no evidence submission', async () => {
    const o = order([dispute({ status: 'won' })]);
    const fetchMock = serve(o, { [`POST ${base(o)}/restore-keys`]: () => Response.json({ restored: 1 }) });
    const dialog = await openOrder();
    const section = await within(dialog).findByRole('region', { name: 'Disputes' });
    expect(within(section).queryByRole('button', { name: 'Submit evidence to Stripe' })).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Restore keys' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore the keys?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Restore keys' }));
    await waitFor(() => expect(posts(fetchMock, `${base(o)}/restore-keys`)).toHaveLength(1));
  });

  it('shows an early fraud warning refunded, without evidence actions', async () => {
    serve(
      order([
        dispute({
          kind: 'fraud_warning',
          providerDisputeId: 'issfr_1',
          status: 'refunded',
          evidenceDueBy: null,
          reason: 'made_with_stolen_card',
        }),
      ]),
    );
    const dialog = await openOrder();
    const row = await within(dialog).findByRole('article', { name: 'Fraud warning issfr_1' });
    expect(within(row).getByText('Early fraud warning')).toBeTruthy();
    expect(within(row).getByText(/Refunded in full; the keys were revoked/)).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Submit evidence to Stripe' })).toBeNull();
  });
});
