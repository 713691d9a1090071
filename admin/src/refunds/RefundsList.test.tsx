import type { AdminRefund } from '@store/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin, signIn, stubApi } from '../test/admin';
import { PAID_ORDER } from '../test/fixtures';

const REFUND: AdminRefund = {
  id: 'rrrrrrrr-0000-4000-8000-000000000001',
  orderId: PAID_ORDER.id,
  amountCents: 1250,
  currency: 'usd',
  reason: 'Bought the wrong edition',
  status: 'failed',
  failureReason: 'Card expired',
  staffUsername: null,
  providerRefundId: null,
  revokeKeys: false,
  licenseKeyIds: null,
  notifyCustomer: true,
  createdAt: '2026-10-02T08:00:00.000Z',
  updatedAt: '2026-10-02T08:00:00.000Z',
};

describe('the refunds list', () => {
  it('shows every refund with its order, and filters by status, for support too', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/refunds': () =>
        Response.json([REFUND], { headers: { 'Content-Range': 'refunds 0-0/1' } }),
    });
    signIn('support');
    renderAdmin('/admin/refunds');
    expect(await screen.findByText('Bought the wrong edition')).toBeTruthy();
    expect(screen.getByText('$12.50')).toBeTruthy();
    expect(screen.getByText(PAID_ORDER.id.slice(0, 8))).toBeTruthy();
    // Made at the provider: no staff member.
    expect(screen.getByText('Payment provider')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) =>
          new URL(String(url), 'http://admin.test').searchParams.get('filter')?.includes('"status":"failed"'),
        ),
      ).toBe(true),
    );
  });
});
