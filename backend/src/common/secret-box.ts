import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  constructor() {
    super('Sealed data could not be authenticated');
    this.name = 'SecretBoxError';
  }
}

/** A 32-byte key for one purpose, derived from a master secret (HKDF-SHA256). */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'office-licence-store', purpose, 32));
}

/**
 * The master secrets, current first: LICENSE_KEY_SECRET, then LICENSE_KEY_PREVIOUS_SECRETS, which are
 * only read with (rotation, see cli/rotate-secrets.ts).
 */
export function keySecrets(config: {
  licenseKeySecret: string;
  licenseKeyPreviousSecrets?: string[];
}): string[] {
  return [config.licenseKeySecret, ...(config.licenseKeyPreviousSecrets ?? [])];
}

/**
 * Authenticated encryption (AES-256-GCM) of text at rest, under a key derived for one purpose. Output is
 * `v1:<base64 of iv | tag | ciphertext>`; anything altered, truncated or sealed under another key fails
 * to open with SecretBoxError. Given several secrets, it seals under the first and opens under any.
 */
export class SecretBox {
  private readonly keys: Buffer[];

  constructor(secrets: string | readonly string[], purpose: string) {
    this.keys = (typeof secrets === 'string' ? [secrets] : secrets).map((s) => deriveKey(s, purpose));
    if (!this.keys.length) throw new Error('SecretBox needs a secret');
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0]!, iv);
    cipher.setAAD(Buffer.from(VERSION));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  open(sealed: string): string {
    return this.openWithIndex(sealed).plain;
  }

  /**
   * The sealed text under the current secret: null when it already is, so that a re-encryption pass
   * skips it (and can be stopped and run again). Throws SecretBoxError when no known secret opens it.
   */
  reseal(sealed: string): string | null {
    const { plain, index } = this.openWithIndex(sealed);
    return index === 0 ? null : this.seal(plain);
  }

  private openWithIndex(sealed: string): { plain: string; index: number } {
    const [version, payload] = sealed.split(':');
    if (version !== VERSION || !payload) throw new SecretBoxError();
    const raw = Buffer.from(payload, 'base64');
    if (raw.length <= IV_BYTES + TAG_BYTES) throw new SecretBoxError();
    for (const [index, key] of this.keys.entries()) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(VERSION));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const plain = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
        return { plain: plain.toString('utf8'), index };
      } catch {
        // Not this secret (or altered): try the next one.
      }
    }
    throw new SecretBoxError();
  }
}
