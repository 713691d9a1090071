import { createHmac, randomInt } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { deriveKey, keySecrets, SecretBox } from '../common/secret-box.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { runInTransaction } from '../database/transactions.js';
import type { MfaEnrolmentDto } from './dto/mfa.dto.js';
import { StaffMember } from '../staff/entities/staff-member.entity.js';
import { RecoveryCode } from '../staff/entities/recovery-code.entity.js';
import type { StaffUserDto } from '../common/staff-user.dto.js';

export const INVALID_CODE = 'Invalid code';
export const MFA_ALREADY_ON = 'Two-factor authentication is already on (an administrator can reset it)';
export const RECOVERY_CODE_COUNT = 10;
/** Codes from one step before or after now are accepted too: phones' clocks drift. */
const TOTP_TOLERANCE_SECONDS = 30;
/** Recovery codes: 10 characters (about 49 bits) from letters and digits that cannot be mistaken. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * Staff two-factor authentication (TOTP, RFC 6238, as every authenticator app does it: SHA-1, six
 * digits, 30 seconds). The secret is sealed at rest; each time step's code is accepted once (the last
 * accepted step is kept, and a code from it or before is refused); recovery codes are kept as keyed
 * hashes and each is used once (a conditional UPDATE settles two simultaneous uses).
 */
@Injectable()
export class MfaService {
  private readonly box: SecretBox;
  /** Current first; recovery codes cannot be re-hashed (not kept in clear), so older ones are still read. */
  private readonly recoveryKeys: Buffer[];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {
    this.box = new SecretBox(keySecrets(config), 'staff-mfa/totp-secrets');
    this.recoveryKeys = keySecrets(config).map((s) => deriveKey(s, 'staff-mfa/recovery-codes'));
  }

  /** Starts, or starts over, an enrolment: a new pending secret replaces any earlier one. */
  async start(staff: StaffUserDto): Promise<MfaEnrolmentDto> {
    const secret = generateSecret();
    const changed = await this.db
      .createQueryBuilder()
      .update(StaffMember)
      .set({ mfaSecret: this.box.seal(secret), mfaLastStep: null })
      .where('id = :id AND mfaEnabled = 0', { id: staff.id })
      .execute();
    if (!changed.affected) throw new ConflictException(MFA_ALREADY_ON);
    return {
      secret,
      otpauthUrl: generateURI({ issuer: this.config.store.name, label: staff.username, secret }),
    };
  }

  /**
   * Turns two-factor authentication on when `code` matches the pending secret, ends the user's other
   * sessions (signed in without it), and answers the recovery codes, which are not kept in clear.
   */
  async confirm(staff: StaffUserDto, code: string): Promise<string[]> {
    return runInTransaction(this.db, async (m) => {
      const user = await m.findOneBy(StaffMember, { id: staff.id });
      if (!user) throw new NotFoundException(`User ${staff.id} not found`);
      if (user.mfaEnabled) throw new ConflictException(MFA_ALREADY_ON);
      if (!user.mfaSecret)
        throw new BadRequestException('No two-factor setup is in progress: start one first');
      const step = await this.matchTotp(this.box.open(user.mfaSecret), code, null);
      if (step === null) throw new BadRequestException(INVALID_CODE);
      const changed = await m
        .createQueryBuilder()
        .update(StaffMember)
        .set({ mfaEnabled: true, mfaLastStep: step, tokenVersion: () => 'tokenVersion + 1' })
        .where('id = :id AND mfaEnabled = 0 AND mfaSecret = :secret', { id: user.id, secret: user.mfaSecret })
        .execute();
      if (!changed.affected)
        throw new ConflictException('The two-factor setup was started again meanwhile: use the newer one');
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
      await m.delete(RecoveryCode, { userId: user.id });
      await m.insert(
        RecoveryCode,
        codes.map((c) => ({ userId: user.id, codeHash: this.recoveryHashes(user.id, c)[0]!, usedAt: null })),
      );
      await this.audit.record(m, staff, {
        action: 'users.mfa-enable',
        resource: 'users',
        resourceId: user.id,
        before: { mfaEnabled: false },
        after: { mfaEnabled: true, sessionsEnded: true },
      });
      return codes;
    });
  }

  /**
   * Whether `code` is the user's current TOTP code (not used before) or one of their unused recovery
   * codes; a match is used up by this call.
   */
  async verify(user: StaffMember, code: string): Promise<boolean> {
    if (!user.mfaEnabled || !user.mfaSecret) return false;
    const compact = code.replace(/[\s-]/g, '').toLowerCase();
    if (/^\d{6}$/.test(compact)) {
      const step = await this.matchTotp(this.box.open(user.mfaSecret), compact, user.mfaLastStep);
      if (step === null) return false;
      const taken = await this.db
        .createQueryBuilder()
        .update(StaffMember)
        .set({ mfaLastStep: step })
        .where('id = :id AND mfaEnabled = 1 AND (mfaLastStep IS NULL OR mfaLastStep < :step)', {
          id: user.id,
          step,
        })
        .execute();
      return taken.affected === 1;
    }
    const used = await this.db
      .createQueryBuilder()
      .update(RecoveryCode)
      .set({ usedAt: new Date() })
      .where('userId = :userId AND codeHash IN (:...hashes) AND usedAt IS NULL', {
        userId: user.id,
        hashes: this.recoveryHashes(user.id, compact),
      })
      .execute();
    return used.affected === 1;
  }

  /** The time step `code` belongs to, when it is valid for `secret` and later than `afterStep`. */
  private async matchTotp(secret: string, code: string, afterStep: number | null): Promise<number | null> {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const result = await verify({
      secret,
      token,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  /** The code's hash under each known secret, current first. */
  private recoveryHashes(userId: number, code: string): string[] {
    const compact = code.replace(/[\s-]/g, '').toLowerCase();
    return this.recoveryKeys.map((key) =>
      createHmac('sha256', key).update(`${userId}:${compact}`).digest('hex'),
    );
  }
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}
