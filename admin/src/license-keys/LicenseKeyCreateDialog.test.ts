import { describe, expect, it } from 'vitest';
import { validateLicense } from './LicenseKeyCreateDialog';

describe('the Create License form', () => {
  it("answers the spec's messages", () => {
    expect(validateLicense({ orderId: '', productId: '', licenseKey: ' ', activationLimit: '0' })).toEqual({
      orderId: 'Order ID is required',
      productId: 'Product ID is required',
      licenseKey: 'License key is required',
      activationLimit: 'Activation limit must be at least 1',
    });
  });

  it('accepts a complete form', () => {
    expect(
      validateLicense({
        orderId: 'o',
        productId: 'p',
        licenseKey: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA',
        activationLimit: '1',
      }),
    ).toEqual({});
  });
});
