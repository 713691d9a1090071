import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerOrder } from '../features/account/accountApi';
import { renderRoute } from '../test/render';

const key = (licenseKey: string, available: boolean): CustomerOrder['licenseKeys'][number] => ({
  productId: 'office-2024-standard',
  licenseKey,
  available,
  status: 'active',
  activationCount: 0,
  activationLimit: 1,
});

const ORDER: CustomerOrder = {
  id: '6f1c2d3e-0000-4000-8000-000000000003',
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'fulfilled',
  paymentStatus: 'completed',
  awaitingKeys: false,
  totalCents: 8098,
  items: [
    { productId: 'office-2024-standard', name: 'Office 2024 Standard', quantity: 2, unitPriceCents: 4049 },
  ],
  licenseKeys: [key('ABCDE-12345-FGHIJ-67890-KLMNO', true), key('XXXXX-XXXXX-XXXXX-XXXXX-PQRST', false)],
  downloads: [],
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
});
