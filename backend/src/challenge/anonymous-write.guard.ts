import { applyDecorators, Injectable, SetMetadata, UseGuards, type CanActivate } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { AnonymousWrite as Kind } from '../config/challenge-config.js';
import { ErrorBodyDto } from '../web/error-body.dto.js';
import { CHALLENGE_HEADER } from '../common/challenge-required.js';
import { ChallengeService } from './challenge.service.js';

const KIND = 'anonymousWrite';

/** Counts the write against its kind's store-wide ceiling (ChallengeService.admit) before it is read. */
@Injectable()
export class AnonymousWriteGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly challenges: ChallengeService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const kind = this.reflector.get<Kind | undefined>(KIND, context.getHandler());
    if (!kind) return true;
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers[CHALLENGE_HEADER];
    await this.challenges.admit(kind, Array.isArray(header) ? header[0] : header);
    return true;
  }
}

/**
 * An anonymous write: throttled per client address (`perAddress` a minute), then counted against the
 * store-wide ceiling of its kind, past which it needs a solved challenge (428 otherwise).
 */
export function AnonymousWrite(kind: Kind, perAddress: number) {
  return applyDecorators(
    SetMetadata(KIND, kind),
    UseGuards(ThrottlerGuard, AnonymousWriteGuard),
    Throttle({ default: { limit: perAddress, ttl: 60_000 } }),
    ApiHeader({
      name: 'X-Altcha',
      required: false,
      description:
        'A solved challenge of GET /api/challenge (the ALTCHA payload), needed only past the store-wide ' +
        'ceiling of this kind of write; each is taken once',
    }),
    ApiResponse({
      status: 428,
      type: ErrorBodyDto,
      description:
        'Past the store-wide ceiling: `challengeRequired: true`; solve GET /api/challenge and send again ' +
        'with X-Altcha (also when the solution sent was altered, expired or already used)',
    }),
  );
}
