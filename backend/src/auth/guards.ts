import { ForbiddenException, Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { normalizeIp, ThrottlerGuard } from '@nestjs/throttler';
import { DURING_MFA_ENROLMENT, IS_PUBLIC, ROLES } from '../common/auth.decorators.js';
import { canonicalUsername } from '../common/username.js';
import type { StaffUserDto } from '../common/staff-user.dto.js';
import type { StaffRole } from '../common/staff-user.dto.js';

/** Who may call a route, from its @Public() and @Roles() (on the method, else on the controller). */
interface RoutePolicy {
  isPublic: boolean;
  roles: StaffRole[] | undefined;
  duringMfaEnrolment: boolean;
}

const policies = new WeakMap<object, RoutePolicy>();

/**
 * The route's policy, read from its metadata once and then remembered: the global guard runs on every
 * request, and the metadata of a route never changes once the application has started.
 */
function routePolicy(reflector: Reflector, context: ExecutionContext): RoutePolicy {
  const handler = context.getHandler();
  let policy = policies.get(handler);
  if (!policy) {
    const targets = [handler, context.getClass()];
    policy = {
      isPublic: Boolean(reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)),
      roles: reflector.getAllAndOverride<StaffRole[] | undefined>(ROLES, targets),
      duringMfaEnrolment: Boolean(reflector.getAllAndOverride<boolean>(DURING_MFA_ENROLMENT, targets)),
    };
    policies.set(handler, policy);
  }
  return policy;
}

export const MFA_SETUP_FIRST = 'Set up two-factor authentication first';

/** Throws 403 unless `user` holds one of `roles`; a route without @Roles() lets any signed-in staff member in. */
export function assertRole(roles: StaffRole[] | undefined, user: StaffUserDto | undefined): void {
  if (roles?.length && !(user && roles.includes(user.role)))
    throw new ForbiddenException('Your role does not allow this action');
}

/**
 * The one global guard: every route needs a valid staff token unless it is marked @Public(), and the
 * role its @Roles() names. One guard, not an authentication guard followed by a role guard: it runs on
 * every request, and a public route (the catalogue, the storefront's calls) is let through at once,
 * without the second guard's round of promises.
 */
@Injectable()
export class StaffAccessGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const { isPublic, roles, duringMfaEnrolment } = routePolicy(this.reflector, context);
    if (isPublic) return true;
    return (async () => {
      // Passport answers 401 itself when the token is missing or invalid.
      await super.canActivate(context);
      const user = context.switchToHttp().getRequest<{ user?: StaffUserDto }>().user;
      if (user?.mfaEnrolmentRequired && !duringMfaEnrolment) throw new ForbiddenException(MFA_SETUP_FIRST);
      assertRole(roles, user);
      return true;
    })();
  }
}

/**
 * Login throttling: attempts are counted per client (an IPv6 one by its /64, as ThrottlerGuard does) and username together, the username in the
 * form it is looked up in (guards run before the validation pipe's transforms).
 */
@Injectable()
export class LoginThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(req: { ip?: string; body?: { username?: unknown } }): Promise<string> {
    const username = typeof req.body?.username === 'string' ? canonicalUsername(req.body.username) : '';
    return `${normalizeIp(req.ip ?? 'unknown')}|${username}`;
  }
}

/**
 * Code throttling at the second step: counted per client address and the user the challenge names (read
 * without checking its signature: a forged one is refused anyway, and only ever spends its own budget).
 */
@Injectable()
export class MfaThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(req: { ip?: string; body?: { challenge?: unknown } }): Promise<string> {
    return `${normalizeIp(req.ip ?? 'unknown')}|${challengeSubject(req.body?.challenge)}`;
  }
}

function challengeSubject(challenge: unknown): string {
  if (typeof challenge !== 'string') return '';
  try {
    const claims = JSON.parse(Buffer.from(challenge.split('.')[1] ?? '', 'base64url').toString()) as {
      sub?: unknown;
    };
    return typeof claims.sub === 'number' ? String(claims.sub) : '';
  } catch {
    return '';
  }
}
