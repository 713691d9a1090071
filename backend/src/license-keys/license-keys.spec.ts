import { LicenseKeyCipher } from './license-key-cipher.js';
import { newLicenseKey } from './license-keys.js';

const cipher = new LicenseKeyCipher({ licenseKeySecret: 'unit-test-secret-0123456789abcdef0123' });
const KEY = 'ABCDE-12345-FGHIJ-67890-KLMNO';

describe('newLicenseKey', () => {
  it('makes a stock key: sealed, active, unused, unassigned, with its own id', () => {
    const key = newLicenseKey(cipher, KEY, { productId: 'office-2024-standard' });
    expect(key).toMatchObject({
      productId: 'office-2024-standard',
      orderId: null,
      activationLimit: 1,
      activationCount: 0,
      status: 'active',
      assignedAt: null,
      keyLookup: cipher.lookupHash(KEY),
      keyLastGroup: 'KLMNO',
    });
    expect(JSON.stringify(key)).not.toContain('67890');
    expect(cipher.decrypt(key.keyCiphertext)).toBe(KEY);
    expect(key.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(newLicenseKey(cipher, KEY, { productId: 'office-2024-standard' }).id).not.toBe(key.id);
    expect('createdAt' in key).toBe(false);
  });

  it('stamps a key given to an order as assigned now, and keeps the limits it is given', () => {
    const before = Date.now();
    const key = newLicenseKey(cipher, KEY, {
      productId: 'office-2024-standard',
      orderId: 'order-1',
      activationLimit: undefined,
    });
    expect(key.activationLimit).toBe(1);
    expect(key.orderId).toBe('order-1');
    expect(key.assignedAt!.getTime()).toBeGreaterThanOrEqual(before);
    const past = new Date('2025-01-02T03:04:05.000Z');
    expect(
      newLicenseKey(cipher, KEY, {
        productId: 'office-2024-standard',
        orderId: 'order-1',
        activationLimit: 3,
        status: 'revoked',
        assignedAt: past,
        createdAt: past,
      }),
    ).toMatchObject({ activationLimit: 3, status: 'revoked', assignedAt: past, createdAt: past });
  });
});
