import { render, screen } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { OrderDialog } from './OrderDialog';
import type { OrderDetail } from './types';

const SLOW = { timeout: 10_000 };

const ORDER: OrderDetail = {
  id: '6f1c2d3e-0000-4000-8000-000000000002',
  customerName: 'Jane Doe',
  customerEmail: 'jane@example.com',
  totalAmount: 28.34,
  status: 'cancelled',
  paymentStatus: 'completed',
  paymentMethod: 'card',
  createdAt: '2026-11-23T10:00:00.000Z',
  awaitingKeys: false,
  refundDue: null,
  orderItems: [
    { productId: 'office-2024-standard', name: 'Office 2024 Standard', quantity: 1, price: 40.49 },
  ],
  billing: null,
  subtotalAmount: 40.49,
  discountAmount: 12.15,
  couponCode: 'ONCE',
  paymentProvider: 'stripe',
  paidAt: '2026-11-23T10:05:00.000Z',
  licenseKeys: [],
  downloads: [],
  emails: [],
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
    const warning = await screen.findByRole('alert', {}, SLOW);
    expect(warning.textContent).toContain('Refund due: $28.34 in full.');
    expect(warning.textContent).toContain('the coupon had reached its cap');
    expect(warning.textContent).toContain('No licence keys were delivered');

    renderDialog({ ...ORDER, id: '6f1c2d3e-0000-4000-8000-000000000003', refundDue: 'order-cancelled' });
    const alerts = await screen.findAllByRole('alert', {}, SLOW);
    expect(alerts.map((a) => a.textContent).join(' ')).toContain(
      'The payment arrived after this order had been cancelled.',
    );
  });

  it('shows no warning for an order that owes nothing', async () => {
    renderDialog({ ...ORDER, status: 'fulfilled', refundDue: null });
    await screen.findByText('Order ID: 6f1c2d3e-0000-4000-8000-000000000002', {}, SLOW);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers no delivery e-mail to resend for an order owed a refund', async () => {
    renderDialog({ ...ORDER, refundDue: 'order-cancelled' });
    await screen.findByRole('alert', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Resend e-mail' })).toBeNull();
  });

  it('offers the delivery e-mail again for a paid, delivered order', async () => {
    renderDialog({ ...ORDER, status: 'fulfilled', refundDue: null });
    expect(await screen.findByRole('button', { name: 'Resend e-mail' }, SLOW)).toBeTruthy();
  });
});
