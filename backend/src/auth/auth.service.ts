import { randomUUID } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { LoginResponseDto, MfaChallengeResponseDto } from './dto/login.dto.js';
import type { MfaConfirmedDto } from './dto/mfa.dto.js';
import { StaffMember } from '../staff/entities/staff-member.entity.js';
import {
  MFA_CHALLENGE_AUDIENCE,
  MFA_CHALLENGE_TTL_SECONDS,
  type MfaChallengePayload,
  type StaffTokenPayload,
} from './jwt.constants.js';
import { GeoIp } from '../common/geo-ip.js';
import { MfaChallenges } from './mfa-challenges.js';
import { INVALID_CODE, MfaService } from './mfa.service.js';
import { hashPassword, verifyPassword } from '../staff/passwords.js';
import { accountKey, SignInLimiter, type SignInStep } from './sign-in-limiter.js';
import type { StaffUserDto } from '../common/staff-user.dto.js';

/** Compared against when the username is unknown, so both failures take the same time. */
const DUMMY_HASH = hashPassword('timing-equaliser-not-a-password');

/** The audit trail's actor for a failed sign-in to no account. */
export const UNKNOWN_ACCOUNT = '(no such account)';

export const CHALLENGE_EXPIRED = 'Sign-in has expired: enter your password again';
export const ACCOUNT_DEACTIVATED = 'This account is deactivated: ask an administrator to reactivate it';

@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(StaffMember) private readonly users: Repository<StaffMember>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    private readonly mfa: MfaService,
    private readonly limiter: SignInLimiter,
    private readonly audit: AuditService,
    private readonly challenges: MfaChallenges,
    private readonly geoIp: GeoIp,
  ) {}

  /** The password step: a token, or a challenge for the code when the user has two-factor on. */
  async login(
    username: string,
    password: string,
    address: string,
  ): Promise<LoginResponseDto | MfaChallengeResponseDto> {
    const attempt = await this.limiter.begin('password', address, accountKey(username));
    try {
      const user = await this.users.findOneBy({ username });
      const valid = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), password);
      if (!user || !valid) {
        await attempt.failed();
        await this.recordFailure('password', user, address);
        throw new UnauthorizedException('Invalid credentials');
      }
      // Said only to whoever knows the password: to anyone else a deactivated account is a wrong password.
      if (user.deactivatedAt) throw new UnauthorizedException(ACCOUNT_DEACTIVATED);
      await attempt.succeeded(!user.mfaEnabled);
      if (!user.mfaEnabled) return this.signedInFrom(user, address, 'password');
      const claims: MfaChallengePayload = { sub: user.id, ver: user.tokenVersion };
      const challenge = await this.jwt.signAsync(claims, {
        audience: MFA_CHALLENGE_AUDIENCE,
        expiresIn: MFA_CHALLENGE_TTL_SECONDS,
        jwtid: randomUUID(),
      });
      return { success: false, mfaRequired: true, challenge };
    } finally {
      attempt.release();
    }
  }

  /**
   * The code step, after a correct password: a TOTP code or an unused recovery code. The challenge is
   * redeemed once (MfaChallenges); a wrong code leaves it usable for another try until it expires.
   */
  async loginMfa(challenge: string, code: string, address: string): Promise<LoginResponseDto> {
    const claims = await this.jwt
      .verifyAsync<MfaChallengePayload & { exp?: unknown; jti?: unknown }>(challenge, {
        audience: MFA_CHALLENGE_AUDIENCE,
      })
      .catch(() => null);
    // jsonwebtoken checks `exp` only when present: a challenge without one would never expire.
    if (
      !claims ||
      !Number.isInteger(claims.sub) ||
      typeof claims.exp !== 'number' ||
      typeof claims.jti !== 'string'
    )
      throw new UnauthorizedException(CHALLENGE_EXPIRED);
    const user = await this.users.findOneBy({ id: claims.sub });
    // Signed out, password changed, two-factor reset or account deactivated since the password step.
    if (!user || user.tokenVersion !== claims.ver || !user.mfaEnabled || user.deactivatedAt)
      throw new UnauthorizedException(CHALLENGE_EXPIRED);
    // The account as the password step names it, so the addresses the user signed in from are known here too.
    const attempt = await this.limiter.begin('code', address, accountKey(user.username));
    try {
      if (!(await this.challenges.claim(claims.jti, user.id, claims.exp)))
        throw new UnauthorizedException(CHALLENGE_EXPIRED);
      if (!(await this.mfa.verify(user, code))) {
        await this.challenges.release(claims.jti);
        await attempt.failed();
        await this.recordFailure('code', user, address);
        throw new UnauthorizedException(INVALID_CODE);
      }
      await attempt.succeeded(true);
      return this.signedInFrom(user, address, 'code');
    } finally {
      attempt.release();
    }
  }

  /** Turns two-factor on and answers a fresh token: confirming ended every earlier session. */
  async confirmMfa(staff: StaffUserDto, code: string): Promise<MfaConfirmedDto> {
    const recoveryCodes = await this.mfa.confirm(staff, code);
    const { token } = await this.signedIn(await this.users.findOneByOrFail({ id: staff.id }));
    return { recoveryCodes, token };
  }

  /** Ends every session of the user: tokens issued before now stop being accepted. */
  async logout(userId: number): Promise<void> {
    await this.users.increment({ id: userId }, 'tokenVersion', 1);
  }

  /** The staff member a verified token speaks for, or null when the token was revoked. */
  async resolveToken(payload: StaffTokenPayload): Promise<StaffUserDto | null> {
    const user = await this.users.findOneBy({ id: payload.sub });
    if (!user || user.tokenVersion !== payload.ver || user.deactivatedAt) return null;
    return toStaffUser(user, this.config);
  }

  private async signedIn(user: StaffMember): Promise<LoginResponseDto> {
    const payload: StaffTokenPayload = {
      sub: user.id,
      username: user.username,
      role: user.role,
      ver: user.tokenVersion,
      // Tells this session from the user's others (step-up tokens are bound to one session).
      sid: randomUUID(),
    };
    return { success: true, token: await this.jwt.signAsync(payload), user: toStaffUser(user, this.config) };
  }

  /** A completed sign-in, in the audit trail with the address it came from (as failures are). */
  private async signedInFrom(
    user: StaffMember,
    address: string,
    step: SignInStep,
  ): Promise<LoginResponseDto> {
    const country = this.geoIp.country(address);
    await this.users.update({ id: user.id }, { lastSignInAt: new Date(), lastSignInCountry: country });
    await this.audit.record(this.users.manager, user, {
      action: 'auth.login',
      resource: 'auth',
      resourceId: user.id,
      after: { address, username: user.username, step },
    });
    return this.signedIn(user);
  }

  /**
   * In the audit trail: the address and the account tried, never what was typed as the secret. A username
   * that names no account is not kept either: it is often a password typed into the wrong field.
   */
  private async recordFailure(step: SignInStep, user: StaffMember | null, address: string): Promise<void> {
    const username = user?.username ?? null;
    await this.audit.record(
      this.users.manager,
      { id: null, username: username ?? UNKNOWN_ACCOUNT },
      {
        action: step === 'password' ? 'auth.login-failed' : 'auth.mfa-failed',
        resource: 'auth',
        resourceId: user?.id ?? null,
        after: { address, username, step },
      },
    );
  }
}

/**
 * What a token speaks for. The enrolment restriction follows the user's state, not the token: turning
 * two-factor on ends the sessions that were signed in without it.
 */
export function toStaffUser(user: StaffMember, config: Pick<AppConfig, 'staffMfaRequired'>): StaffUserDto {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    mfaEnabled: user.mfaEnabled,
    mfaEnrolmentRequired: config.staffMfaRequired && !user.mfaEnabled,
  };
}
