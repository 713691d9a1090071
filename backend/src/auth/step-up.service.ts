import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { StaffMember } from '../staff/entities/staff-member.entity.js';
import { verifyPassword } from '../staff/passwords.js';
import type { StepUpTokenDto } from './dto/step-up.dto.js';
import { STEP_UP_AUDIENCE, STEP_UP_TTL_SECONDS, type StepUpPayload } from './jwt.constants.js';
import { INVALID_CODE, MfaService } from './mfa.service.js';
import { accountKey, SignInLimiter } from './sign-in-limiter.js';
import type { StaffUserDto } from '../common/staff-user.dto.js';

export const ONE_OF_PASSWORD_OR_CODE = 'Send your password or a code from your app (one of them)';
export const NO_MFA_FOR_CODE = 'Two-factor authentication is off for you: confirm with your password';
export const WRONG_PASSWORD = 'Wrong password';

/**
 * Step-up: the signed-in user confirms their password, or a code from their authenticator app, and gets
 * a short-lived token for the changes that need it. Wrong answers count in the sign-in back-off, as at
 * sign-in (password: per address and account; code: per account), and are audited.
 */
@Injectable()
export class StepUpService {
  constructor(
    @InjectRepository(StaffMember) private readonly users: Repository<StaffMember>,
    private readonly jwt: JwtService,
    private readonly mfa: MfaService,
    private readonly limiter: SignInLimiter,
    private readonly audit: AuditService,
  ) {}

  async issue(
    staff: StaffUserDto,
    session: { sid: string; ver: number },
    proof: { password?: string; code?: string },
    address: string,
  ): Promise<StepUpTokenDto> {
    if ((proof.password === undefined) === (proof.code === undefined))
      throw new BadRequestException(ONE_OF_PASSWORD_OR_CODE);
    const user = await this.users.findOneByOrFail({ id: staff.id });
    if (proof.code !== undefined && !user.mfaEnabled) throw new BadRequestException(NO_MFA_FOR_CODE);
    const step = proof.code === undefined ? 'password' : 'code';
    const attempt = await this.limiter.begin(
      step,
      address,
      step === 'password' ? accountKey(user.username) : String(user.id),
    );
    try {
      const valid =
        step === 'password'
          ? await verifyPassword(user.passwordHash, proof.password!)
          : // An app code only: recovery codes are few and kept for signing in without the phone.
            await this.mfa.verifyTotp(user, proof.code!.replace(/\s/g, ''));
      if (!valid) {
        await attempt.failed();
        await this.audit.record(this.users.manager, staff, {
          action: 'auth.step-up-failed',
          resource: 'auth',
          resourceId: user.id,
          after: { address, username: user.username, step },
        });
        throw new ForbiddenException(step === 'password' ? WRONG_PASSWORD : INVALID_CODE);
      }
      await attempt.succeeded(false);
    } finally {
      attempt.release();
    }
    const claims: StepUpPayload = { sub: user.id, ver: session.ver, sid: session.sid };
    const stepUpToken = await this.jwt.signAsync(claims, {
      audience: STEP_UP_AUDIENCE,
      expiresIn: STEP_UP_TTL_SECONDS,
    });
    return { stepUpToken, expiresIn: STEP_UP_TTL_SECONDS };
  }

  /** Whether `token` is a step-up token of this user and session that has not expired. */
  async verify(token: string, staff: StaffUserDto, session: { sid: string; ver: number }): Promise<boolean> {
    const claims = await this.jwt
      .verifyAsync<StepUpPayload & { exp?: unknown }>(token, { audience: STEP_UP_AUDIENCE })
      .catch(() => null);
    return (
      claims !== null &&
      typeof claims.exp === 'number' &&
      claims.sub === staff.id &&
      claims.sid === session.sid &&
      claims.ver === session.ver
    );
  }
}
