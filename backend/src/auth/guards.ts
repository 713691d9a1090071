import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ThrottlerGuard } from '@nestjs/throttler';
import { IS_PUBLIC, ROLES } from '../common/auth.decorators.js';
import type { StaffUserDto } from './dto/login.dto.js';
import type { AdminRole } from './entities/admin-user.entity.js';

/** Who may call a route, from its @Public() and @Roles() (on the method, else on the controller). */
interface RoutePolicy {
  isPublic: boolean;
  roles: AdminRole[] | undefined;
}

const policies = new WeakMap<object, RoutePolicy>();

/**
 * The route's policy, read from its metadata once and then remembered: both global guards run on every
 * request, and the metadata of a route never changes once the application has started.
 */
function routePolicy(reflector: Reflector, context: ExecutionContext): RoutePolicy {
  const handler = context.getHandler();
  let policy = policies.get(handler);
  if (!policy) {
    const targets = [handler, context.getClass()];
    policy = {
      isPublic: Boolean(reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)),
      roles: reflector.getAllAndOverride<AdminRole[] | undefined>(ROLES, targets),
    };
    policies.set(handler, policy);
  }
  return policy;
}

/** Global guard: every route needs a valid staff token unless it is marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    return routePolicy(this.reflector, context).isPublic ? true : super.canActivate(context);
  }
}

/** Global guard after JwtAuthGuard: enforces @Roles(). */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const { roles } = routePolicy(this.reflector, context);
    if (!roles?.length) return true;
    const user = context.switchToHttp().getRequest<{ user?: StaffUserDto }>().user;
    if (user && roles.includes(user.role)) return true;
    throw new ForbiddenException('Your role does not allow this action');
  }
}

/** Login throttling: attempts are counted per client address and username together. */
@Injectable()
export class LoginThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(req: { ip?: string; body?: { username?: unknown } }): Promise<string> {
    const username = typeof req.body?.username === 'string' ? req.body.username.trim().toLowerCase() : '';
    return `${req.ip ?? 'unknown'}|${username}`;
  }
}
