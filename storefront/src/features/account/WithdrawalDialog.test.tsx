import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerOrder } from './accountApi';
import { renderRoute } from '../../test/render';

const ORDER_ID = '7a2b3c4d-0000-4000-8000-000000000005';
const WITHDRAWN_AT = '2026-11-26T10:42:05.123Z';

const waiting: CustomerOrder = {
  id: ORDER_ID,
  createdAt: '2026-11-25T10:00:00.000Z',
  status: 'processing',
  paymentStatus: 'completed',
  awaitingKeys: true,
  totalCents: 12999,
  canWithdraw: true,
  withdrawnAt: null,
  items: [
    {
      productId: 'office-2024-pro-plus',
      name: 'Office 2024 Professional Plus',
      quantity: 1,
      unitPriceCents: 12999,
    },
  ],
  licenseKeys: [],
  downloads: [],
  invoiceNumber: null,
  creditNotes: [],
};

const withdrawn: CustomerOrder = {
  ...waiting,
  status: 'withdrawn',
  paymentStatus: 'refunded',
  awaitingKeys: false,
  canWithdraw: false,
  withdrawnAt: WITHDRAWN_AT,
};

/** The API as the page calls it: the orders, and the withdrawal, answered by `answer`. */
function stubApi(answer: () => Response) {
  const posted: { body: unknown; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith(`/api/account/orders/${ORDER_ID}/withdrawal`)) {
        posted.push({
          body: JSON.parse(String(init?.body)),
          authorization: new Headers(init?.headers).get('authorization'),
        });
        return answer();
      }
      if (url.includes('/api/account/orders'))
        return Response.json([posted.length && answer().ok ? withdrawn : waiting]);
      return Response.json({});
    }),
  );
  return posted;
}

async function openDialog() {
  const card = await screen.findByRole('article', { name: 'Order 7a2b3c4d' });
  fireEvent.click(within(card).getByRole('button', { name: 'Withdraw from contract here: order 7a2b3c4d' }));
  return screen.findByRole('dialog', { name: 'Withdraw from this contract?' });
}

describe('the licence page’s "Withdraw from contract here"', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('says what happens, withdraws once confirmed, and acknowledges with the date and time', async () => {
    const posted = stubApi(() => Response.json(withdrawn));
    renderRoute('/account?token=t0ken');
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('none of its licence keys will be sent');
    expect(dialog.textContent).toContain('We refund the whole order, $129.99');
    expect(dialog.textContent).toContain('Card refunds usually arrive within 5-7 business days');
    expect(dialog.textContent).toContain('acknowledgement with the date and time');
    // Nothing is sent until the customer confirms.
    expect(posted).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    const done = await screen.findByRole('dialog', { name: 'Withdrawal received' });
    expect(posted).toEqual([{ body: { confirm: true }, authorization: 'Bearer t0ken' }]);
    expect(within(done).getByRole('status').textContent).toContain(
      'We received your withdrawal on November 26, 2026 at 10:42:05 AM UTC.',
    );
    expect(done.textContent).toContain('$129.99 is refunded in full');

    fireEvent.click(within(done).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = await screen.findByRole('article', { name: 'Order 7a2b3c4d' });
    await waitFor(() => expect(within(card).getByText('Withdrawn: refunded')).toBeTruthy());
    expect(card.textContent).toContain(
      'You withdrew from this order on November 26, 2026 at 10:42:05 AM UTC.',
    );
    expect(within(card).queryByRole('button', { name: /Withdraw from contract here/ })).toBeNull();
  });

  it('keeps the order when the customer steps back', async () => {
    const posted = stubApi(() => Response.json(withdrawn));
    renderRoute('/account?token=t0ken');
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);
  });

  it('shows the server’s reason when the withdrawal is refused', async () => {
    const reason =
      "This order's licence keys were delivered: with the consents given at checkout, the right of withdrawal ended on delivery";
    stubApi(() => Response.json({ statusCode: 409, message: reason, error: 'Conflict' }, { status: 409 }));
    renderRoute('/account?token=t0ken');
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(reason);
    expect(within(dialog).getByRole('button', { name: 'Confirm withdrawal' })).toBeTruthy();
  });

  it('offers no withdrawal on an order whose keys were delivered', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json([{ ...waiting, status: 'fulfilled', awaitingKeys: false, canWithdraw: false }]),
      ),
    );
    renderRoute('/account?token=t0ken');
    const card = await screen.findByRole('article', { name: 'Order 7a2b3c4d' });
    expect(within(card).queryByRole('button', { name: /Withdraw/ })).toBeNull();
  });
});
