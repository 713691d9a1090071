import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { generateSecret, generateURI, verify } from 'otplib';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { deriveKey, keySecrets, SecretBox } from '../common/secret-box.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { forUpdate, runInTransaction } from '../database/transactions.js';
import type { MfaEnrolmentDto } from './dto/mfa.dto.js';
import { StaffMember } from '../staff/entities/staff-member.entity.js';
import { RecoveryCode } from '../staff/entities/recovery-code.entity.js';
import type { StaffUserDto } from '../common/staff-user.dto.js';
import { OutboxService } from '../emails/outbox.service.js';
import { queueStaffSecurityNotice } from '../staff/security-notices.js';
import { SignInLimiter } from './sign-in-limiter.js';

export const INVALID_CODE = 'Invalid code';
export const MFA_NOT_ON =
  'Two-factor authentication is not on: finish setting it up first (its recovery codes come with it)';
export const MFA_ALREADY_ON = 'Two-factor authentication is already on (an administrator can reset it)';
export const RECOVERY_CODE_COUNT = 10;
/** Codes from one step before or after now are accepted too: phones' clocks drift. */
const TOTP_TOLERANCE_SECONDS = 30;
/** Recovery codes: 10 characters (about 49 bits) from letters and digits that cannot be mistaken. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** How long an enrolment code an administrator hands over stays good. */
export const ENROLMENT_CODE_TTL_HOURS = 72;
export const ENROLMENT_CODE_REQUIRED =
  'Enrolment code is required: enter the code the administrator who set up your account gave you';
export const INVALID_ENROLMENT_CODE = 'Invalid or expired enrolment code: ask an administrator for a new one';

/** An enrolment code as shown once to the administrator who created the account or reset its factor. */
export interface EnrolmentCode {
  code: string;
  expiresAt: Date;
}

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
  private readonly enrolmentKeys: Buffer[];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly limiter: SignInLimiter,
  ) {
    this.box = new SecretBox(keySecrets(config), 'staff-mfa/totp-secrets');
    this.recoveryKeys = keySecrets(config).map((s) => deriveKey(s, 'staff-mfa/recovery-codes'));
    this.enrolmentKeys = keySecrets(config).map((s) => deriveKey(s, 'staff-mfa/enrolment-codes'));
  }

  /**
   * A new enrolment code for the user (replacing any earlier one), kept as a keyed hash, good for
   * {@link ENROLMENT_CODE_TTL_HOURS} hours and used up by the enrolment it allows. Issued only when
   * STAFF_MFA_REQUIRED is on (null otherwise: a user signed in with the password may set a factor up).
   */
  async issueEnrolmentCode(m: EntityManager, userId: number): Promise<EnrolmentCode | null> {
    if (!this.config.staffMfaRequired) return null;
    const code = newCode(4);
    const expiresAt = new Date(Date.now() + ENROLMENT_CODE_TTL_HOURS * 3_600_000);
    await m.update(
      StaffMember,
      { id: userId },
      {
        mfaEnrolmentCodeHash: this.hashes(this.enrolmentKeys, userId, code)[0]!,
        mfaEnrolmentCodeExpiresAt: expiresAt,
      },
    );
    return { code, expiresAt };
  }

  /**
   * Starts, or starts over, an enrolment: a new pending secret replaces any earlier one. With
   * STAFF_MFA_REQUIRED on, a user who was issued an enrolment code must give it (a wrong one counts in the
   * sign-in back-off of codes): whoever knows only the password can neither start nor replace one.
   */
  async start(
    staff: StaffUserDto,
    enrolmentCode: string | undefined,
    address: string,
  ): Promise<MfaEnrolmentDto> {
    const user = await this.db.getRepository(StaffMember).findOneBy({ id: staff.id });
    if (!user) throw new NotFoundException(`User ${staff.id} not found`);
    if (user.mfaEnabled) throw new ConflictException(MFA_ALREADY_ON);
    const required = this.config.staffMfaRequired && user.mfaEnrolmentCodeHash !== null;
    if (required) await this.checkEnrolmentCode(user, enrolmentCode, address);
    const secret = generateSecret();
    const changed = await this.db
      .createQueryBuilder()
      .update(StaffMember)
      .set({ mfaSecret: this.box.seal(secret), mfaLastStep: null })
      .where(
        // The code checked is still the account's (an administrator may have issued another meanwhile).
        required
          ? 'id = :id AND mfaEnabled = 0 AND mfaEnrolmentCodeHash = :hash'
          : 'id = :id AND mfaEnabled = 0',
        { id: staff.id, hash: user.mfaEnrolmentCodeHash },
      )
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
        .set({
          mfaEnabled: true,
          mfaLastStep: step,
          // The enrolment code is used up.
          mfaEnrolmentCodeHash: null,
          mfaEnrolmentCodeExpiresAt: null,
          tokenVersion: () => 'tokenVersion + 1',
        })
        .where('id = :id AND mfaEnabled = 0 AND mfaSecret = :secret', { id: user.id, secret: user.mfaSecret })
        .execute();
      if (!changed.affected)
        throw new ConflictException('The two-factor setup was started again meanwhile: use the newer one');
      const codes = await this.replaceRecoveryCodes(m, user.id);
      await queueStaffSecurityNotice(
        this.outbox,
        m,
        this.config,
        { username: user.username, emails: [user.email] },
        { kind: 'mfa-set' },
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

  /** How many of the user's recovery codes are unused (none with two-factor off). */
  async recoveryCodesLeft(staff: StaffUserDto): Promise<number> {
    const user = await this.db.getRepository(StaffMember).findOneBy({ id: staff.id });
    if (!user?.mfaEnabled) return 0;
    return this.db.getRepository(RecoveryCode).countBy({ userId: user.id, usedAt: IsNull() });
  }

  /**
   * A new set of recovery codes, answered once; the earlier ones, used or not, stop working. Only with
   * two-factor on (not while a setup is pending: confirming it answers the first set). Audited, and the
   * user and STAFF_ALERT_EMAIL are told.
   */
  async regenerateRecoveryCodes(staff: StaffUserDto): Promise<string[]> {
    return runInTransaction(this.db, async (m) => {
      const user = await forUpdate(
        m.getRepository(StaffMember).createQueryBuilder('u').where('u.id = :id', { id: staff.id }),
      ).getOne();
      if (!user) throw new NotFoundException(`User ${staff.id} not found`);
      if (!user.mfaEnabled) throw new ConflictException(MFA_NOT_ON);
      const left = await m.countBy(RecoveryCode, { userId: user.id, usedAt: IsNull() });
      const codes = await this.replaceRecoveryCodes(m, user.id);
      await queueStaffSecurityNotice(
        this.outbox,
        m,
        this.config,
        { username: user.username, emails: [user.email] },
        { kind: 'recovery-codes-regenerated' },
      );
      await this.audit.record(m, staff, {
        action: 'users.mfa-recovery-codes',
        resource: 'users',
        resourceId: user.id,
        before: { recoveryCodesLeft: left },
        after: { recoveryCodesLeft: codes.length },
      });
      return codes;
    });
  }

  /** Ten new recovery codes for the user, replacing every earlier one; only their hashes are kept. */
  private async replaceRecoveryCodes(m: EntityManager, userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
    await m.delete(RecoveryCode, { userId });
    await m.insert(
      RecoveryCode,
      codes.map((c) => ({ userId, codeHash: this.recoveryHashes(userId, c)[0]!, usedAt: null })),
    );
    return codes;
  }

  /**
   * Whether `code` is the user's current TOTP code (not used before) or one of their unused recovery
   * codes; a match is used up by this call.
   */
  async verify(user: StaffMember, code: string): Promise<boolean> {
    if (!user.mfaEnabled || !user.mfaSecret) return false;
    const compact = code.replace(/[\s-]/g, '').toLowerCase();
    if (/^\d{6}$/.test(compact)) return this.verifyTotp(user, compact);
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

  /** Whether `code` is the user's current app code, not used before; a match is used up by this call. */
  async verifyTotp(user: StaffMember, code: string): Promise<boolean> {
    if (!user.mfaEnabled || !user.mfaSecret) return false;
    const step = await this.matchTotp(this.box.open(user.mfaSecret), code, user.mfaLastStep);
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

  private async checkEnrolmentCode(
    user: StaffMember,
    code: string | undefined,
    address: string,
  ): Promise<void> {
    if (!code?.trim()) throw new BadRequestException(ENROLMENT_CODE_REQUIRED);
    const attempt = await this.limiter.begin('code', address, String(user.id));
    try {
      const stored = Buffer.from(user.mfaEnrolmentCodeHash ?? '');
      const matches = this.hashes(this.enrolmentKeys, user.id, code).some(
        (hash) => hash.length === stored.length && timingSafeEqual(Buffer.from(hash), stored),
      );
      const current = (user.mfaEnrolmentCodeExpiresAt?.getTime() ?? 0) > Date.now();
      if (!matches || !current) {
        await attempt.failed();
        throw new BadRequestException(INVALID_ENROLMENT_CODE);
      }
      await attempt.succeeded(false);
    } finally {
      attempt.release();
    }
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
    return this.hashes(this.recoveryKeys, userId, code);
  }

  private hashes(keys: Buffer[], userId: number, code: string): string[] {
    const compact = code.replace(/[\s-]/g, '').toLowerCase();
    return keys.map((key) => createHmac('sha256', key).update(`${userId}:${compact}`).digest('hex'));
  }
}

function newRecoveryCode(): string {
  return newCode(2);
}

/**
 * Groups of five characters from an alphabet without look-alikes: two for a recovery code (about 49
 * bits), four for an enrolment code (about 99 bits).
 */
function newCode(groups: number): string {
  return Array.from({ length: groups }, () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
  ).join('-');
}
