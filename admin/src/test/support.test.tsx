import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LicenseKey } from '../license-keys/types';
import type { Order, OrderDetail } from '../orders/types';
import { jsonBody, renderAdmin, signIn, stubApi } from './admin';
import { PAID_ORDER } from './fixtures';

// What support staff do every day (issue #18, item 21), and what they must not see.

const ORDER: Order = PAID_ORDER;

const MASKED: LicenseKey = {
  id: 'cccccccc-0000-4000-8000-000000000003',
  orderId: ORDER.id,
  productId: 'office-2024-standard',
  licenseKey: 'XXXXX-XXXXX-XXXXX-XXXXX-KLMNO',
  activationCount: 0,
  activationLimit: 1,
  status: 'active',
  reserved: false,
  batchId: null,
  createdAt: '2026-11-23T10:00:00.000Z',
};

const MESSAGE = {
  id: 7,
  name: 'Jane Doe',
  email: 'jane@example.com',
  subject: 'Activation help',
  category: null,
  message: 'My key does not activate.',
  status: 'new',
  createdAt: '2026-11-23T10:00:00.000Z',
};

describe('support staff', () => {
  it('see masked keys without a copy button', async () => {
    stubApi({
      'GET /api/admin/license-keys': () =>
        Response.json([MASKED], { headers: { 'Content-Range': 'license-keys 0-0/1' } }),
    });
    signIn('support');
    renderAdmin('/admin/license-keys');

    expect(await screen.findByText(MASKED.licenseKey)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Copy license key/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Revoke|Activate) / })).toBeNull();
  });

  it('mark a contact message answered', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/messages': () =>
        Response.json([MESSAGE], { headers: { 'Content-Range': 'messages 0-0/1' } }),
      'PUT /api/admin/messages/7': () => Response.json({ ...MESSAGE, status: 'answered' }),
    });
    signIn('support');
    renderAdmin('/admin/messages');

    fireEvent.click(await screen.findByRole('button', { name: 'Mark answered' }));
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(put && jsonBody(put[1])).toEqual({ status: 'answered' });
    });
  });

  it('resend the delivery e-mail from the order dialog, but cannot change its status', async () => {
    const detail: OrderDetail = {
      ...ORDER,
      orderItems: [],
      billing: null,
      subtotalCents: 4049,
      discountCents: 0,
      couponCode: null,
      paymentProvider: 'stripe',
      providerPaymentId: 'pi_support',
      paidAt: '2026-11-23T10:05:00.000Z',
      allowedTransitions: { status: [], paymentStatus: [] },
      licenseKeys: [],
      downloads: [],
      emails: [],
    } as unknown as OrderDetail;
    const fetchMock = stubApi({
      'GET /api/admin/orders': () => Response.json([ORDER], { headers: { 'Content-Range': 'orders 0-0/1' } }),
      [`GET /api/admin/orders/${ORDER.id}`]: () => Response.json(detail),
      [`POST /api/admin/orders/${ORDER.id}/resend-email`]: () =>
        Response.json({ queued: true }, { status: 202 }),
    });
    signIn('support');
    renderAdmin('/admin/orders');

    fireEvent.click(await screen.findByRole('button', { name: 'View order bbbbbbbb' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Resend e-mail' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url).endsWith('/resend-email') && init?.method === 'POST',
        ),
      ).toBe(true),
    );
    expect(within(dialog).queryByRole('button', { name: 'Update Status' })).toBeNull();
  });
});
