import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminRefund } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { jsonBody, renderAdmin, signIn, stubApi } from '../test/admin';
import { PAID_ORDER, PAID_ORDER_DETAIL } from '../test/fixtures';
import type { OrderDetail } from './types';

const key = (id: string, productId: string, last: string) => ({
  id,
  productId,
  licenseKey: `ABCDE-12345-FGHIJ-67890-${last}`,
  activationCount: 0,
  activationLimit: 1,
  status: 'active' as const,
});
const link = (id: string, productId: string) => ({
  id,
  productId,
  fileName: `${productId}.exe`,
  platform: 'Windows' as const,
  fileUrl: `https://downloads.example/${productId}.exe`,
  downloadCount: 0,
  maxDownloads: 5,
  isActive: true,
  expiresAt: null,
});

/** Two Standard licences and one Home & Business, $121.47 paid by card, nothing refunded yet. */
const ORDER: OrderDetail = {
  ...PAID_ORDER_DETAIL,
  totalCents: 12147,
  orderItems: [
    { productId: 'office-2024-standard', name: 'Office 2024 Standard', quantity: 2, unitPriceCents: 4049 },
    {
      productId: 'office-2024-home-business',
      name: 'Office 2024 Home & Business',
      quantity: 1,
      unitPriceCents: 4049,
    },
  ],
  subtotalCents: 12147,
  licenseKeys: [
    key('k1', 'office-2024-standard', 'AAAAA'),
    key('k2', 'office-2024-standard', 'BBBBB'),
    key('k3', 'office-2024-home-business', 'CCCCC'),
  ],
  downloads: [link('d1', 'office-2024-standard'), link('d2', 'office-2024-home-business')],
  refundableCents: 12147,
};

const REFUND: AdminRefund = {
  id: 'eeeeeeee-0000-4000-8000-000000000005',
  orderId: ORDER.id,
  amountCents: 4049,
  currency: 'usd',
  reason: 'One licence was not needed',
  status: 'succeeded',
  failureReason: null,
  staffUsername: 'admin',
  providerRefundId: 're_1',
  revokeKeys: true,
  licenseKeyIds: ['k3'],
  notifyCustomer: true,
  createdAt: '2026-11-24T09:00:00.000Z',
  updatedAt: '2026-11-24T09:00:01.000Z',
};

const refundPosts = (calls: unknown[][]) =>
  calls.filter(
    ([url, init]) =>
      String(url) === `/api/admin/orders/${ORDER.id}/refunds` &&
      (init as RequestInit | undefined)?.method === 'POST',
  ) as [string, RequestInit][];

/** The orders list with this order, its detail, and the refund route answering `answer`. */
function serve(order: OrderDetail, answer: () => Response = () => Response.json(REFUND, { status: 201 })) {
  return stubApi({
    'GET /api/admin/orders': () =>
      Response.json([PAID_ORDER], { headers: { 'Content-Range': 'orders 0-0/1' } }),
    [`GET /api/admin/orders/${order.id}`]: () => Response.json(order),
    [`POST /api/admin/orders/${order.id}/refunds`]: answer,
  });
}

async function openOrder(role = 'admin') {
  signIn(role);
  renderAdmin('/admin/orders');
  fireEvent.click(await screen.findByRole('button', { name: 'View order bbbbbbbb' }));
  return screen.findByRole('dialog', { name: 'Order bbbbbbbb' });
}

async function openRefund() {
  const order = await openOrder();
  fireEvent.click(await within(order).findByRole('button', { name: 'Refund' }));
  return screen.findByRole('dialog', { name: 'Refund order bbbbbbbb' });
}

const typeInto = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name: label }), { target: { value } });

const review = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Review refund' }));

describe('the Refund action of the order dialog', () => {
  it('is offered to admins while something is left to refund, never to support staff', async () => {
    serve(ORDER);
    const order = await openOrder('support');
    await within(order).findByText('Order ID: bbbbbbbb-0000-4000-8000-000000000002');
    expect(within(order).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('is not offered once nothing is left to refund', async () => {
    serve({ ...ORDER, paymentStatus: 'refunded', refundableCents: 0, refunds: [REFUND] });
    const order = await openOrder();
    await within(order).findByRole('table', { name: 'Refunds' });
    expect(within(order).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('prefills what is left and says what a full refund does', async () => {
    serve(ORDER);
    const dialog = await openRefund();
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Amount (USD)' }).value).toBe(
      '121.47',
    );
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Revoke licence keys' }).checked,
    ).toBe(true);
    expect(within(dialog).getByRole('status', { name: 'What will happen' }).textContent).toBe(
      'Refund $121.47, the whole payment, to the card. All 3 licence keys will be revoked and their ' +
        'download links disabled. The customer will be e-mailed.',
    );
    // A full refund revokes every key: none to pick.
    expect(within(dialog).queryByRole('group', { name: 'Office 2024 Standard' })).toBeNull();
  });

  it('refuses an amount of nothing, more than is left, or not in dollars', async () => {
    const fetchMock = serve({ ...ORDER, refundableCents: 8098, paymentStatus: 'partially_refunded' });
    const dialog = await openRefund();
    typeInto(dialog, 'Reason', 'Asked by the customer');
    for (const [amount, message] of [
      ['0', 'The amount must be more than $0.00'],
      ['80.99', 'At most $80.98 is left to refund'],
      ['12.345', 'Enter an amount in dollars, e.g. 40.49'],
    ] as const) {
      typeInto(dialog, 'Amount (USD)', amount);
      review(dialog);
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    typeInto(dialog, 'Amount (USD)', '80.98');
    review(dialog);
    expect(await screen.findByRole('dialog', { name: 'Confirm the refund' })).toBeTruthy();
    expect(refundPosts(fetchMock.mock.calls)).toHaveLength(0);
  });

  it('asks a partial refund that revokes keys which keys it covers', async () => {
    serve(ORDER);
    const dialog = await openRefund();
    typeInto(dialog, 'Amount (USD)', '40.49');
    typeInto(dialog, 'Reason', 'One licence was not needed');
    const standard = await within(dialog).findByRole('group', { name: 'Office 2024 Standard' });
    expect(
      within(standard)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['ABCDE-12345-FGHIJ-67890-AAAAA', 'ABCDE-12345-FGHIJ-67890-BBBBB']);
    const homeBusiness = within(dialog).getByRole('group', { name: 'Office 2024 Home & Business' });
    expect(within(homeBusiness).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(dialog).getByRole('status', { name: 'What will happen' }).textContent).toBe(
      'Refund $40.49 of $121.47 to the card. No licence key will be revoked. The customer will be e-mailed.',
    );
    review(dialog);
    expect(
      await within(dialog).findByText(
        'Pick the licence keys this refund covers, or untick "Revoke licence keys"',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Confirm the refund' })).toBeNull();

    // The only Home & Business key: that product loses its download links.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'ABCDE-12345-FGHIJ-67890-CCCCC' }));
    expect(within(dialog).getByRole('status', { name: 'What will happen' }).textContent).toBe(
      'Refund $40.49 of $121.47 to the card. 1 licence key will be revoked and the download links of ' +
        'Office 2024 Home & Business disabled. The customer will be e-mailed.',
    );
    // One of two Standard keys: its links stay for the other.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'ABCDE-12345-FGHIJ-67890-CCCCC' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'ABCDE-12345-FGHIJ-67890-AAAAA' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'E-mail the customer' }));
    expect(within(dialog).getByRole('status', { name: 'What will happen' }).textContent).toBe(
      'Refund $40.49 of $121.47 to the card. 1 licence key will be revoked; the download links stay ' +
        'active for the keys left. The customer will not be e-mailed.',
    );
    review(dialog);
    expect(await screen.findByRole('dialog', { name: 'Confirm the refund' })).toBeTruthy();
  });

  it('sends what was confirmed once, under one Idempotency-Key, and lists the refund', async () => {
    let refunded = false;
    const fetchMock = stubApi({
      'GET /api/admin/orders': () =>
        Response.json([PAID_ORDER], { headers: { 'Content-Range': 'orders 0-0/1' } }),
      [`GET /api/admin/orders/${ORDER.id}`]: () =>
        Response.json(
          refunded
            ? { ...ORDER, paymentStatus: 'partially_refunded', refundableCents: 8098, refunds: [REFUND] }
            : ORDER,
        ),
      [`POST /api/admin/orders/${ORDER.id}/refunds`]: () => {
        refunded = true;
        return Response.json(REFUND, { status: 201 });
      },
    });
    const dialog = await openRefund();
    typeInto(dialog, 'Amount (USD)', '40.49');
    typeInto(dialog, 'Reason', '  One licence was not needed ');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'ABCDE-12345-FGHIJ-67890-CCCCC' }));
    review(dialog);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm the refund' });
    expect(confirm.textContent).toContain(
      'Refund $40.49 of $121.47 to the card. 1 licence key will be revoked and the download links of ' +
        'Office 2024 Home & Business disabled. The customer will be e-mailed.',
    );
    const button = within(confirm).getByRole('button', { name: 'Confirm refund' });
    fireEvent.click(button);
    fireEvent.click(button);

    const order = await screen.findByRole('dialog', { name: 'Order bbbbbbbb' });
    const refunds = await within(order).findByRole('table', { name: 'Refunds' });
    const posts = refundPosts(fetchMock.mock.calls);
    expect(posts).toHaveLength(1);
    expect(jsonBody(posts[0]![1])).toEqual({
      amountCents: 4049,
      reason: 'One licence was not needed',
      revokeKeys: true,
      notifyCustomer: true,
      licenseKeyIds: ['k3'],
    });
    expect(new Headers(posts[0]![1].headers).get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const row = within(refunds).getByText('$40.49').closest('tr')!;
    expect(within(row).getByText('Succeeded')).toBeTruthy();
    expect(within(row).getByText('admin')).toBeTruthy();
    expect(within(row).getByText('One licence was not needed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm the refund' })).toBeNull());
  });

  it('sends a full refund with every key, and a new opening with a new Idempotency-Key', async () => {
    const fetchMock = serve(ORDER, () =>
      Response.json(
        {
          ...REFUND,
          status: 'failed',
          failureReason: 'The payment provider refused the refund: expired card',
        },
        { status: 201 },
      ),
    );
    for (let attempt = 0; attempt < 2; attempt++) {
      const dialog = await openRefundAgain(attempt);
      typeInto(dialog, 'Reason', 'Fraudulent order');
      review(dialog);
      const confirm = await screen.findByRole('dialog', { name: 'Confirm the refund' });
      fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm refund' }));
      expect(await screen.findByText('Refund failed')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm the refund' })).toBeNull());
    }
    const posts = refundPosts(fetchMock.mock.calls);
    expect(posts.map(([, init]) => jsonBody(init))).toEqual([
      { amountCents: 12147, reason: 'Fraudulent order', revokeKeys: true, notifyCustomer: true },
      { amountCents: 12147, reason: 'Fraudulent order', revokeKeys: true, notifyCustomer: true },
    ]);
    const keys = posts.map(([, init]) => new Headers(init.headers).get('Idempotency-Key'));
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('lists a failed refund as Failed, with why', async () => {
    serve({
      ...ORDER,
      refunds: [
        {
          ...REFUND,
          status: 'failed',
          failureReason: 'The payment provider refused the refund: charge already refunded',
        },
      ],
    });
    const order = await openOrder();
    const refunds = await within(order).findByRole('table', { name: 'Refunds' });
    const row = within(refunds).getByText('$40.49').closest('tr')!;
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('One licence was not needed')).toBeTruthy();
    expect(
      within(row).getByText('The payment provider refused the refund: charge already refunded'),
    ).toBeTruthy();
  });
});

/** The Refund dialog, opened from the order dialog (already open after the first time). */
async function openRefundAgain(attempt: number) {
  if (attempt === 0) return openRefund();
  const order = await screen.findByRole('dialog', { name: 'Order bbbbbbbb' });
  fireEvent.click(await within(order).findByRole('button', { name: 'Refund' }));
  return screen.findByRole('dialog', { name: 'Refund order bbbbbbbb' });
}
