import {
  applyDecorators,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';
import { contentRange, type ListPage } from './list-query.js';

/** Response headers a list sends, which a back office on another origin must be allowed to read. */
export const LIST_HEADERS = ['Content-Range', 'X-Total-Capped'] as const;

/** Turns a handler's ListPage into ra-data-simple-rest's answer: the rows, and the total in Content-Range. */
class SimpleRestListInterceptor implements NestInterceptor {
  constructor(private readonly resource: string) {}

  intercept(context: ExecutionContext, next: CallHandler<ListPage<unknown>>): Observable<unknown[]> {
    return next.handle().pipe(
      map((page) => {
        const reply = context.switchToHttp().getResponse<FastifyReply>();
        void reply.header(
          'Content-Range',
          contentRange(this.resource, page.skip, page.rows.length, page.total),
        );
        if (page.capped) void reply.header('X-Total-Capped', 'true');
        return page.rows;
      }),
    );
  }
}

/**
 * A list route in ra-data-simple-rest's dialect: the handler returns a ListPage; the client receives its
 * rows as a JSON array with `Content-Range: <resource> start-end/total` (and `X-Total-Capped: true` when
 * the total is a lower bound, see fetchPage).
 */
export function SimpleRestList(
  resource: string,
  row: Type<unknown>,
  headers: Record<string, { description: string; schema: object }> = {},
): MethodDecorator {
  return applyDecorators(
    UseInterceptors(new SimpleRestListInterceptor(resource)),
    ApiOkResponse({
      type: [row],
      headers: {
        'Content-Range': {
          description: `\`${resource} <first>-<last>/<total>\`, or \`${resource} */<total>\` for an empty page`,
          schema: { type: 'string' },
        },
        'X-Total-Capped': {
          description: `\`true\` when more matches exist than counted: the total is a lower bound`,
          schema: { type: 'string', enum: ['true'] },
        },
        ...headers,
      },
    }),
    ApiBadRequestResponse({ description: 'Malformed sort, range or filter' }),
  );
}
