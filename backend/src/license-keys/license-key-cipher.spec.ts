import { SecretBoxError } from '../common/secret-box.js';
import { generateLicenseKey, LICENSE_KEY_PATTERN, LicenseKeyCipher } from './license-key-cipher.js';

const cipher = new LicenseKeyCipher({ licenseKeySecret: 'unit-test-secret-0123456789abcdef0123' });
const KEY = 'ABCDE-12345-FGHIJ-67890-KLMNO';

describe('LicenseKeyCipher', () => {
  it('round-trips a key and never stores it in clear', () => {
    const sealed = cipher.encrypt(KEY);
    expect(sealed).not.toContain(KEY);
    expect(sealed).not.toContain('KLMNO');
    expect(cipher.decrypt(sealed)).toBe(KEY);
  });

  it('normalises case and surrounding space before encrypting and hashing', () => {
    expect(cipher.decrypt(cipher.encrypt(`  ${KEY.toLowerCase()} `))).toBe(KEY);
    expect(cipher.lookupHash(KEY.toLowerCase())).toBe(cipher.lookupHash(KEY));
  });

  it('uses a fresh IV, so the same key encrypts differently each time', () => {
    expect(cipher.encrypt(KEY)).not.toBe(cipher.encrypt(KEY));
  });

  it('gives a stable 64-hex lookup hash that depends on the secret', () => {
    const other = new LicenseKeyCipher({ licenseKeySecret: 'another-secret-0123456789abcdef01234' });
    expect(cipher.lookupHash(KEY)).toMatch(/^[0-9a-f]{64}$/);
    expect(cipher.lookupHash(KEY)).toBe(cipher.lookupHash(KEY));
    expect(other.lookupHash(KEY)).not.toBe(cipher.lookupHash(KEY));
  });

  it('fails closed on a tampered ciphertext', () => {
    const sealed = cipher.encrypt(KEY);
    const raw = Buffer.from(sealed.slice(3), 'base64');
    for (const position of [0, 14, raw.length - 1]) {
      const tampered = Buffer.from(raw);
      tampered[position] = tampered[position]! ^ 0x01;
      expect(() => cipher.decrypt(`v1:${tampered.toString('base64')}`)).toThrow(SecretBoxError);
    }
  });

  it('reads a key for display, or answers null for one that does not authenticate', () => {
    const sealed = cipher.encrypt(KEY);
    expect(cipher.readable({ id: 'k1', keyCiphertext: sealed })).toBe(KEY);
    const other = new LicenseKeyCipher({ licenseKeySecret: 'another-secret-0123456789abcdef01234' });
    expect(other.readable({ id: 'k1', keyCiphertext: sealed })).toBeNull();
    expect(cipher.readable({ id: 'k2', keyCiphertext: 'garbage' })).toBeNull();
  });

  it('fails closed on a wrong secret, a truncated payload or an unknown version', () => {
    const sealed = cipher.encrypt(KEY);
    const other = new LicenseKeyCipher({ licenseKeySecret: 'another-secret-0123456789abcdef01234' });
    expect(() => other.decrypt(sealed)).toThrow(SecretBoxError);
    expect(() => cipher.decrypt(sealed.slice(0, 20))).toThrow(SecretBoxError);
    expect(() => cipher.decrypt(sealed.replace(/^v1:/, 'v2:'))).toThrow(SecretBoxError);
    expect(() => cipher.decrypt('garbage')).toThrow(SecretBoxError);
  });

  it('hashes search terms under their own sub-key, 128 bits each, and finds them under every known secret', () => {
    const terms = cipher.searchTerms(KEY.toLowerCase());
    expect(terms).toHaveLength(15);
    for (const term of terms) expect(term).toMatch(/^[0-9a-f]{32}$/);
    expect(terms).toContain(cipher.searchTermsOf('fgh')[0]);
    expect(terms).toContain(cipher.searchTermsOf('KLMNO')[0]);
    expect(terms).not.toContain(cipher.searchTermsOf('BCD')[0]);
    // Not the lookup hash of the same text: a term tells nothing about a lookup, nor the reverse.
    expect(cipher.lookupHash('ABCDE')).not.toContain(cipher.searchTermsOf('ABCDE')[0]);
    const rotated = new LicenseKeyCipher({
      licenseKeySecret: 'another-secret-0123456789abcdef01234',
      licenseKeyPreviousSecrets: ['unit-test-secret-0123456789abcdef0123'],
    });
    expect(rotated.searchTermsOf('ABC')).toEqual([
      new LicenseKeyCipher({ licenseKeySecret: 'another-secret-0123456789abcdef01234' }).searchTermsOf(
        'ABC',
      )[0],
      cipher.searchTermsOf('ABC')[0],
    ]);
    expect(rotated.searchTerms(KEY)).not.toEqual(terms);
  });

  it('seals the three stored columns', () => {
    const sealed = cipher.seal(KEY.toLowerCase());
    expect(sealed.keyLastGroup).toBe('KLMNO');
    expect(sealed.keyLookup).toBe(cipher.lookupHash(KEY));
    expect(cipher.decrypt(sealed.keyCiphertext)).toBe(KEY);
  });
});

describe('generateLicenseKey', () => {
  it('makes distinct keys of five groups of five', () => {
    const keys = new Set(Array.from({ length: 200 }, generateLicenseKey));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(LICENSE_KEY_PATTERN);
  });
});
