import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { deriveKey, SecretBox, SecretBoxError } from '../common/secret-box.js';

/** Five groups of five upper-case letters or digits, joined by hyphens. */
export const LICENSE_KEY_PATTERN = /^[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}$/;

/** Keys are compared, hashed and stored in one form: trimmed and upper-case. */
export function normalizeLicenseKey(key: string): string {
  return key.trim().toUpperCase();
}

/**
 * Encrypts licence keys at rest (SecretBox, AES-256-GCM) and derives their lookup hash (HMAC-SHA256), each
 * under its own sub-key derived from LICENSE_KEY_SECRET. A ciphertext that was altered in any way fails to
 * decrypt.
 */
@Injectable()
export class LicenseKeyCipher {
  private readonly box: SecretBox;
  private readonly lookupKey: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'licenseKeySecret'>) {
    this.box = new SecretBox(config.licenseKeySecret, 'license-keys/encryption');
    this.lookupKey = deriveKey(config.licenseKeySecret, 'license-keys/lookup');
  }

  encrypt(key: string): string {
    return this.box.seal(normalizeLicenseKey(key));
  }

  /** Throws SecretBoxError when the ciphertext was altered or sealed under another secret. */
  decrypt(ciphertext: string): string {
    return this.box.open(ciphertext);
  }

  /**
   * The stored key in full, or null (logged with the key's id, never its data) when its ciphertext does
   * not authenticate: for reads, where one bad row is shown masked rather than breaking a page.
   */
  readable(key: { id: string; keyCiphertext: string }): string | null {
    try {
      return this.box.open(key.keyCiphertext);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      new Logger('LicenseKeyCipher').error(
        `Licence key ${key.id} does not decrypt: altered, or sealed under another secret`,
      );
      return null;
    }
  }

  lookupHash(key: string): string {
    return createHmac('sha256', this.lookupKey).update(normalizeLicenseKey(key)).digest('hex');
  }

  /** The three stored columns for a key. */
  seal(key: string): { keyCiphertext: string; keyLookup: string; keyLastGroup: string } {
    const normalized = normalizeLicenseKey(key);
    return {
      keyCiphertext: this.encrypt(normalized),
      keyLookup: this.lookupHash(normalized),
      keyLastGroup: normalized.slice(-5),
    };
  }
}

/** A random key in the 5×5 form, from a cryptographic source (used for demo inventory). */
export function generateLicenseKey(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const groups: string[] = [];
  for (let g = 0; g < 5; g++) {
    let group = '';
    // 252 is the largest multiple of 36 below 256: rejecting bytes above it keeps every symbol equally likely.
    while (group.length < 5) {
      const byte = randomBytes(1)[0]!;
      if (byte < 252) group += alphabet[byte % 36];
    }
    groups.push(group);
  }
  return groups.join('-');
}
