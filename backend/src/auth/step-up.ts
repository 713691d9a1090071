import { createHash } from 'node:crypto';
import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiHeader } from '@nestjs/swagger';
import { StepUpRequiredException } from './step-up-required.js';
import { StepUpService } from './step-up.service.js';
import type { StaffUserDto } from '../common/staff-user.dto.js';

export const STEP_UP_HEADER = 'X-Step-Up-Token';
export const STEP_UP_REQUIRED = 'Confirm it is you: enter your password (or a code from your app) first';
export const STEP_UP_EXPIRED =
  'Your confirmation has expired or is not for this session: enter your password (or a code) again';

/** What a step-up rule may look at: the request as it arrived (guards run before validation). */
export interface StepUpRequest {
  body?: unknown;
  query?: unknown;
  headers: Record<string, string | string[] | undefined>;
  user?: StaffUserDto;
}

export type StepUpWhen = (request: {
  body: Record<string, unknown>;
  query: Record<string, unknown>;
  user: StaffUserDto;
}) => boolean;

const REQUIRES_STEP_UP = 'requiresStepUp';

/**
 * The route needs a fresh confirmation of the acting user (POST /api/admin/me/step-up), sent as the
 * X-Step-Up-Token header; `when` narrows it to the requests that need it (a role `admin`, a password).
 * Without a valid one the answer is 403 with `stepUpRequired: true`.
 */
export const RequiresStepUp = (when?: StepUpWhen) =>
  applyDecorators(
    SetMetadata(REQUIRES_STEP_UP, { when }),
    ApiHeader({
      name: STEP_UP_HEADER,
      required: false,
      description:
        'From POST /api/admin/me/step-up' +
        (when ? ', for the changes that need it' : '') +
        '. Without a valid one: 403 with `stepUpRequired: true`.',
    }),
  );

/**
 * The session a staff token speaks for: its `sid`, or, for a token issued before sessions had one, a
 * hash of the token itself. The token was verified by the staff guard before this is read.
 */
export function sessionOf(request: StepUpRequest): { sid: string; ver: number } {
  const header = request.headers.authorization;
  const token = (typeof header === 'string' ? header : '').replace(/^Bearer\s+/i, '');
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      sid?: unknown;
      ver?: unknown;
    };
    const ver = typeof claims.ver === 'number' ? claims.ver : -1;
    if (typeof claims.sid === 'string' && claims.sid) return { sid: claims.sid, ver };
    return { sid: createHash('sha256').update(token).digest('base64url'), ver };
  } catch {
    return { sid: createHash('sha256').update(token).digest('base64url'), ver: -1 };
  }
}

const plain = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/**
 * The one place step-up is enforced: a global guard after the staff guard (so the user is known), acting
 * on routes marked @RequiresStepUp().
 */
@Injectable()
export class StepUpGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly stepUp: StepUpService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<{ when?: StepUpWhen } | undefined>(
      REQUIRES_STEP_UP,
      context.getHandler(),
    );
    if (!rule) return true;
    const request = context.switchToHttp().getRequest<StepUpRequest>();
    if (!request.user) throw new UnauthorizedException();
    if (
      rule.when &&
      !rule.when({ body: plain(request.body), query: plain(request.query), user: request.user })
    )
      return true;
    const header = request.headers[STEP_UP_HEADER.toLowerCase()];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) throw new StepUpRequiredException(STEP_UP_REQUIRED);
    if (!(await this.stepUp.verify(token, request.user, sessionOf(request))))
      throw new StepUpRequiredException(STEP_UP_EXPIRED);
    return true;
  }
}
