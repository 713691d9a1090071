import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { from, switchMap, type Observable } from 'rxjs';
import { BACKFILL_HEADER } from './backfill-job.js';
import { Backfills } from './backfills.service.js';

const BACKFILL_NOTICE = 'backfill-notice';

@Injectable()
class BackfillNoticeInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly backfills: Backfills,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const name = this.reflector.get<string>(BACKFILL_NOTICE, context.getHandler());
    // Not knowing is not a reason to fail the answer itself.
    const running = this.backfills.running(name).catch(() => false);
    return from(running).pipe(
      switchMap((yes) => {
        if (yes) void context.switchToHttp().getResponse<FastifyReply>().header(BACKFILL_HEADER, name);
        return next.handle();
      }),
    );
  }
}

/** The route's answer may miss what backfill `name` has yet to compute: it says so in X-Backfill-Running. */
export function BackfillNotice(name: string): MethodDecorator {
  return applyDecorators(SetMetadata(BACKFILL_NOTICE, name), UseInterceptors(BackfillNoticeInterceptor));
}

/** The header in the route's OpenAPI answer: `what` may be missing until backfill `name` is done. */
export function backfillHeaderDoc(
  name: string,
  what: string,
): Record<string, { description: string; schema: { type: 'string'; enum: string[] } }> {
  return {
    [BACKFILL_HEADER]: {
      description:
        `\`${name}\` while that backfill still runs after an upgrade (in the background, minutes at most): ` +
        `${what}. Absent once it is done.`,
      schema: { type: 'string', enum: [name] },
    },
  };
}
