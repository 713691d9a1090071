import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Five groups of five upper-case letters or digits, joined by hyphens. */
export const LICENSE_KEY_PATTERN = /^[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}$/;

export class LicenseKeyDecryptionError extends Error {
  constructor() {
    super('Licence key ciphertext could not be authenticated');
    this.name = 'LicenseKeyDecryptionError';
  }
}

/** Keys are compared, hashed and stored in one form: trimmed and upper-case. */
export function normalizeLicenseKey(key: string): string {
  return key.trim().toUpperCase();
}

/**
 * Encrypts licence keys at rest (AES-256-GCM) and derives their lookup hash (HMAC-SHA256), each under its
 * own sub-key derived from LICENSE_KEY_SECRET. A ciphertext that was altered in any way fails to decrypt.
 */
@Injectable()
export class LicenseKeyCipher {
  private readonly encryptionKey: Buffer;
  private readonly lookupKey: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'licenseKeySecret'>) {
    const derive = (info: string) =>
      Buffer.from(hkdfSync('sha256', config.licenseKeySecret, 'license-keys', info, 32));
    this.encryptionKey = derive('encryption');
    this.lookupKey = derive('lookup');
  }

  encrypt(key: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    cipher.setAAD(Buffer.from(VERSION));
    const body = Buffer.concat([cipher.update(normalizeLicenseKey(key), 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  decrypt(ciphertext: string): string {
    const [version, payload] = ciphertext.split(':');
    if (version !== VERSION || !payload) throw new LicenseKeyDecryptionError();
    const raw = Buffer.from(payload, 'base64');
    if (raw.length <= IV_BYTES + TAG_BYTES) throw new LicenseKeyDecryptionError();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(VERSION));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new LicenseKeyDecryptionError();
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
