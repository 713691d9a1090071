import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { deriveKey, SecretBox, keySecrets, SecretBoxError } from '../common/secret-box.js';
import { licenseKeySearchTokens } from './license-key-search.js';

/** Five groups of five upper-case letters or digits, joined by hyphens. */
export const LICENSE_KEY_PATTERN = /^[A-Z0-9]{5}(?:-[A-Z0-9]{5}){4}$/;

/** Keys are compared, hashed and stored in one form: trimmed and upper-case. */
export function normalizeLicenseKey(key: string): string {
  return key.trim().toUpperCase();
}

/** Hex characters kept of a search term's HMAC-SHA256: 128 bits, a sixth of the table's size saved. */
const SEARCH_TERM_HEX = 32;

/**
 * Encrypts licence keys at rest (SecretBox, AES-256-GCM) and derives their lookup hash and search terms
 * (HMAC-SHA256), each under its own sub-key derived from LICENSE_KEY_SECRET. A ciphertext that was altered in
 * any way fails to decrypt.
 */
@Injectable()
export class LicenseKeyCipher {
  private readonly box: SecretBox;
  /** Current first: keys sealed under a previous secret are still found until rotation rewrites them. */
  private readonly lookupKeys: Buffer[];
  private readonly searchKeys: Buffer[];

  constructor(
    @Inject(APP_CONFIG)
    config: Pick<AppConfig, 'licenseKeySecret'> & Partial<Pick<AppConfig, 'licenseKeyPreviousSecrets'>>,
  ) {
    this.box = new SecretBox(keySecrets(config), 'license-keys/encryption');
    this.lookupKeys = keySecrets(config).map((s) => deriveKey(s, 'license-keys/lookup'));
    this.searchKeys = keySecrets(config).map((s) => deriveKey(s, 'license-keys/search'));
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

  /** The lookup hash under the current secret: the one stored. */
  lookupHash(key: string): string {
    return this.lookupHashes(key)[0]!;
  }

  /** The lookup hash under every known secret, current first: what a search must match. */
  lookupHashes(key: string): string[] {
    const normalized = normalizeLicenseKey(key);
    return this.lookupKeys.map((k) => createHmac('sha256', k).update(normalized).digest('hex'));
  }

  /** The stored search terms of a key (licenseKeySearchTokens), under the current secret. */
  searchTerms(key: string): string[] {
    return licenseKeySearchTokens(normalizeLicenseKey(key)).map((token) =>
      searchHash(this.searchKeys[0]!, token),
    );
  }

  /** The search term of one typed token under every known secret: what a search must match. */
  searchTermsOf(token: string): string[] {
    return this.searchKeys.map((k) => searchHash(k, normalizeLicenseKey(token)));
  }

  /**
   * The stored columns rewritten under the current secret, or null when they already are (a
   * re-encryption pass skips them). Throws SecretBoxError when no known secret opens the ciphertext.
   */
  reseal(key: {
    keyCiphertext: string;
    keyLookup: string;
  }): { keyCiphertext: string; keyLookup: string } | null {
    const keyCiphertext = this.box.reseal(key.keyCiphertext);
    const plain = this.box.open(keyCiphertext ?? key.keyCiphertext);
    const keyLookup = this.lookupHash(plain);
    if (keyCiphertext === null && keyLookup === key.keyLookup) return null;
    return { keyCiphertext: keyCiphertext ?? key.keyCiphertext, keyLookup };
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

function searchHash(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(token).digest('hex').slice(0, SEARCH_TERM_HEX);
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
