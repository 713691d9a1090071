import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SecretBox, keySecrets, SecretBoxError } from '../common/secret-box.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/**
 * A payment's client secret proves that the caller is the shopper who started the checkout: the order
 * status and demo-confirmation routes require it. It is stored sealed, never in clear.
 */
@Injectable()
export class ClientSecrets {
  private readonly box: SecretBox;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.box = new SecretBox(keySecrets(config), 'payments/client-secrets');
  }

  seal(secret: string): string {
    return this.box.seal(secret);
  }

  open(sealed: string): string {
    return this.box.open(sealed);
  }

  matches(sealed: string | null, candidate: string): boolean {
    if (!sealed || !candidate) return false;
    try {
      const expected = Buffer.from(this.box.open(sealed));
      const given = Buffer.from(candidate);
      return expected.length === given.length && timingSafeEqual(expected, given);
    } catch (error) {
      if (error instanceof SecretBoxError) return false;
      throw error;
    }
  }
}
