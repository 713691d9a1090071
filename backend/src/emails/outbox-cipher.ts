import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { keySecrets, SecretBox } from '../common/secret-box.js';

/**
 * Encrypts e-mail bodies at rest (they carry licence keys in full): AES-256-GCM under a key derived from
 * LICENSE_KEY_SECRET for this purpose only.
 */
@Injectable()
export class OutboxCipher {
  private readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG)
    config: Pick<AppConfig, 'licenseKeySecret'> & Partial<Pick<AppConfig, 'licenseKeyPreviousSecrets'>>,
  ) {
    this.box = new SecretBox(keySecrets(config), 'mail-outbox');
  }

  seal(plain: string): string {
    return this.box.seal(plain);
  }

  /** Throws SecretBoxError when the stored body was altered or sealed under another secret. */
  open(sealed: string): string {
    return this.box.open(sealed);
  }
}
