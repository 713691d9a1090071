import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { OrderDialog } from './OrderDialog';
import { PAID_ORDER_DETAIL } from '../test/fixtures';
import type { OrderDetail } from './types';

/** Cancelled, then paid with a coupon: its detail as the API answers it. */
const ORDER: OrderDetail = {
  ...PAID_ORDER_DETAIL,
  id: '6f1c2d3e-0000-4000-8000-000000000002',
  customerEmail: 'jane@example.com',
  totalCents: 2834,
  status: 'cancelled',
  refundableCents: 0,
  billing: { ...PAID_ORDER_DETAIL.billing, email: 'jane@example.com' },
  discountCents: 1215,
  couponCode: 'ONCE',
  providerPaymentId: 'pi_3OrderDialogTest',
};

function renderDialog(order: OrderDetail) {
  const dataProvider = testDataProvider({
    getOne: async () => ({ data: order }) as never,
  });
  render(
    <AdminContext dataProvider={dataProvider}>
      <OrderDialog id={order.id} onClose={() => {}} />
    </AdminContext>,
  );
}

describe('the order dialog', () => {
  it('warns that a paid, undelivered order is owed a refund, and why', async () => {
    renderDialog({ ...ORDER, refundDue: 'coupon-used-up' });
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('Refund due: $28.34 in full.');
    expect(warning.textContent).toContain('the coupon had reached its cap');
    expect(warning.textContent).toContain('No licence keys were delivered');
    expect(warning.textContent).toContain('Refund it in full with the Refund action');
    expect(warning.textContent).not.toContain('payment status');

    renderDialog({ ...ORDER, id: '6f1c2d3e-0000-4000-8000-000000000003', refundDue: 'order-cancelled' });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent).join(' ')).toContain(
      'The payment arrived after this order had been cancelled.',
    );
  });

  it('shows when the customer withdrew, and the refund still owed when the provider did not confirm it', async () => {
    const withdrawnAt = '2026-11-26T10:42:05.000Z';
    renderDialog({ ...ORDER, status: 'withdrawn', refundDue: 'withdrawn', withdrawnAt });
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('The customer withdrew from the contract before delivery');
    expect(
      screen.getByText(`Withdrawn by the customer: ${new Date(withdrawnAt).toLocaleString()}`),
    ).toBeTruthy();
  });

  it('shows the keys of an order held for review as reserved, not active', async () => {
    const key = {
      id: 'cccccccc-0000-4000-8000-000000000009',
      productId: 'office-2024-standard',
      licenseKey: 'ABCDE-12345-FGHIJ-67890-RESVD',
      status: 'active' as const,
      activationCount: 0,
      activationLimit: 1,
    };
    renderDialog({ ...ORDER, status: 'on_hold', licenseKeys: [key] });
    const keys = await screen.findByRole('table', { name: 'License Keys' });
    expect(within(keys).getByText('Reserved')).toBeTruthy();
    expect(within(keys).queryByText('Active')).toBeNull();
  });

  it('shows the language the order was placed in, which its e-mails and documents use', async () => {
    renderDialog({ ...ORDER, locale: 'fr' });
    expect(await screen.findByText('Language: French')).toBeTruthy();
  });

  it('shows the tax an order was charged, with its country and rate', async () => {
    renderDialog({ ...ORDER, taxMode: 'exclusive', taxRate: 19, taxCountry: 'DE', taxCents: 538 });
    expect((await screen.findByText(/VAT DE 19% \$5\.38 · Total/)).textContent).toMatch(
      /\(ONCE\) · VAT DE 19% \$5\.38 · Total \$28\.34$/,
    );
  });
  it('shows every amount of an order in yen in whole yen: items, totals, refunds, disputes, credit notes', async () => {
    const at = '2026-11-25T09:00:00.000Z';
    renderDialog({
      ...ORDER,
      currency: 'JPY',
      status: 'fulfilled',
      paymentStatus: 'partially_refunded',
      orderItems: [
        {
          productId: 'office-2024-standard',
          name: 'Office 2024 Standard',
          quantity: 1,
          unitPriceCents: 6000,
        },
      ],
      subtotalCents: 6000,
      discountCents: 500,
      taxMode: 'inclusive',
      taxRate: 10,
      taxCountry: 'JP',
      taxCents: 500,
      totalCents: 5500,
      refundableCents: 4500,
      refunds: [
        {
          id: 'eeeeeeee-0000-4000-8000-000000000005',
          orderId: ORDER.id,
          amountCents: 1000,
          currency: 'JPY',
          reason: 'Goodwill',
          status: 'succeeded',
          failureReason: null,
          staffUsername: 'admin',
          providerRefundId: 're_1',
          revokeKeys: false,
          licenseKeyIds: null,
          notifyCustomer: true,
          createdAt: at,
          updatedAt: at,
        },
      ],
      creditNotes: [
        { id: 'c1', number: 'CN-2026-000004', issuedAt: at, totalCents: 1000, taxCents: 91, refundId: null },
      ],
      disputes: [
        {
          id: 'd1',
          kind: 'dispute',
          providerDisputeId: 'dp_1Yen',
          amountCents: 4500,
          currency: 'JPY',
          reason: 'fraudulent',
          status: 'lost',
          evidenceDueBy: null,
          evidenceSubmittedAt: null,
          evidenceSubmittedBy: null,
          keysRevoked: true,
          createdAt: at,
        },
      ],
    });
    expect((await screen.findByText(/· Total/)).textContent).toMatch(
      /^Subtotal ¥6,000 · Discount ¥500 \(ONCE\) · VAT JP 10% \(included\) ¥500 · Total ¥5,500$/,
    );
    const items = screen.getByRole('table', { name: 'Items' });
    expect(within(items).getByText('¥6,000')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Refunds' })).getByText('¥1,000')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Credit notes' })).getByText('¥1,000 (VAT ¥91)'),
    ).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Dispute dp_1Yen' })).getByText('¥4,500')).toBeTruthy();
  });

  it('shows an E.164 phone once, not beside its code again', async () => {
    renderDialog({
      ...ORDER,
      billing: { ...ORDER.billing!, phoneCountryCode: '+91', phone: '+919876543210' },
    });
    expect(await screen.findByText(/ · \+919876543210$/)).toBeTruthy();
    expect(screen.queryByText(/\+91 \+91/)).toBeNull();
  });

  it("shows an older order's phone, stored as typed, beside its code", async () => {
    renderDialog(ORDER);
    expect(await screen.findByText(/ · \+1 5550100$/)).toBeTruthy();
  });

  it('shows no warning for an order that owes nothing', async () => {
    renderDialog({ ...ORDER, status: 'fulfilled', refundDue: null });
    await screen.findByText('Order ID: 6f1c2d3e-0000-4000-8000-000000000002');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers no delivery e-mail to resend for an order owed a refund', async () => {
    renderDialog({ ...ORDER, refundDue: 'order-cancelled' });
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Resend e-mail' })).toBeNull();
  });

  it('offers the delivery e-mail again for a paid, delivered order', async () => {
    renderDialog({ ...ORDER, status: 'fulfilled', refundDue: null });
    expect(await screen.findByRole('button', { name: 'Resend e-mail' })).toBeTruthy();
  });
});

describe('the status management of the order dialog', () => {
  const optionsOf = async (label: string) => {
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
    const listbox = await screen.findByRole('listbox');
    const names = within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent);
    fireEvent.keyDown(listbox, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    return names;
  };

  it('offers only the moves the server allows now, after the current value', async () => {
    renderDialog({
      ...ORDER,
      status: 'processing',
      paymentStatus: 'pending',
      paidAt: null,
      allowedTransitions: { status: ['cancelled'], paymentStatus: ['completed', 'failed'] },
    });
    expect(await optionsOf('Order status')).toEqual(['Processing', 'Cancelled']);
    expect(await optionsOf('Payment status')).toEqual(['Pending', 'Completed', 'Failed']);
    expect(screen.getByText(/Only the changes possible for this order now are offered/)).toBeTruthy();
  });

  it('tells why a paid order cannot be cancelled or refunded here', async () => {
    renderDialog({ ...ORDER, status: 'fulfilled', refundableCents: 2834 });
    expect(await optionsOf('Order status')).toEqual(['Fulfilled']);
    expect(await optionsOf('Payment status')).toEqual(['Completed']);
    expect(
      screen.getByText(/A paid order is cancelled by refunding it with the Refund action\./),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
  });

  it('offers nothing when no move is allowed (or the server says none)', async () => {
    renderDialog({ ...ORDER, status: 'fulfilled', paymentStatus: 'refunded' });
    expect(await optionsOf('Order status')).toEqual(['Fulfilled']);
    expect(await optionsOf('Payment status')).toEqual(['Refunded']);
    expect(screen.getByText('No status change is possible for this order now.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update Status' }).hasAttribute('disabled')).toBe(true);
  });

  it('sends the chosen move', async () => {
    const update = vi.fn(async () => ({ data: ORDER }) as never);
    const dataProvider = testDataProvider({
      getOne: async () =>
        ({
          data: {
            ...ORDER,
            status: 'processing',
            paymentStatus: 'pending',
            allowedTransitions: { status: ['cancelled'], paymentStatus: ['completed', 'failed'] },
          },
        }) as never,
      update,
    });
    render(
      <AdminContext dataProvider={dataProvider}>
        <OrderDialog id={ORDER.id} onClose={() => {}} />
      </AdminContext>,
    );
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Order status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cancelled' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Status' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith(
      'orders',
      expect.objectContaining({
        id: ORDER.id,
        data: { status: 'cancelled', paymentStatus: 'pending' },
      }),
    );
  });
});
