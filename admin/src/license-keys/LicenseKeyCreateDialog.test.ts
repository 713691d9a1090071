import { describe, expect, it } from 'vitest';
import { validateLicense } from './LicenseKeyCreateDialog';

describe('the Create License form', () => {
  it("answers the spec's messages; no order is a key for the inventory", () => {
    expect(validateLicense({ orderId: '', productId: '', licenseKey: ' ', activationLimit: '0' })).toEqual({
      productId: 'Product ID is required',
      licenseKey: 'License key is required',
      activationLimit: 'Activation limit must be at least 1',
    });
  });

  it('checks the key and the limit as the server does, with its messages', () => {
    const form = {
      orderId: '',
      productId: 'p',
      licenseKey: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA',
      activationLimit: '1',
    };
    expect(validateLicense({ ...form, licenseKey: 'AAAAA-AAAAA' })).toEqual({
      licenseKey: 'License key must be 5 groups of 5 letters or digits',
    });
    expect(validateLicense({ ...form, licenseKey: ' aaaaa-bbbbb-ccccc-ddddd-12345 ' })).toEqual({});
    expect(validateLicense({ ...form, activationLimit: '1.5' })).toEqual({
      activationLimit: 'Activation limit must be a whole number',
    });
    expect(validateLicense({ ...form, activationLimit: '1000001' })).toEqual({
      activationLimit: 'Activation limit must be at most 1000000',
    });
    expect(validateLicense({ ...form, activationLimit: '' })).toEqual({
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
