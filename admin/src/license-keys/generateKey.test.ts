import { describe, expect, it, vi } from 'vitest';
import { generateLicenseKey, LICENSE_KEY_PATTERN } from './generateKey';

describe('generateLicenseKey', () => {
  it('makes 5 groups of 5 uppercase letters or digits', () => {
    for (let i = 0; i < 50; i++) expect(generateLicenseKey()).toMatch(LICENSE_KEY_PATTERN);
  });

  it('draws from crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    generateLicenseKey();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('maps bytes onto the alphabet and skips the biased top bytes', () => {
    // 252..255 would favour the first four characters: they are drawn again.
    let call = 0;
    const random = (bytes: Uint8Array<ArrayBuffer>) => {
      if (call++ === 0) return bytes.fill(255);
      bytes.fill(0);
      bytes[1] = 35;
      return bytes;
    };
    expect(generateLicenseKey(random)).toBe('A9AAA-AAAAA-AAAAA-AAAAA-AAAAA');
  });

  it('does not repeat itself', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateLicenseKey()));
    expect(keys.size).toBe(200);
  });
});
