import {
  applyDecorators,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';
import { contentRange, MAX_PAGE_SIZE, type FilterKind, type ListPage, type ListSpec } from './list-query.js';

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

/** What a filter of each kind takes, as JSON Schema (list-query.ts's parseFilter checks the same). */
const FILTER_SCHEMAS: Record<FilterKind, object> = {
  string: { type: 'string', maxLength: 200 },
  boolean: { type: 'boolean' },
  'string[]': { type: 'array', items: { type: 'string' }, maxItems: MAX_PAGE_SIZE },
  int: { type: 'integer', minimum: 1 },
  'int[]': { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: MAX_PAGE_SIZE },
};

/**
 * The query of a list route as the document shows it, from the list's own spec (the one parseListQuery
 * checks against): `sort` one of the list's fields and a direction (an enum of the JSON texts, the default
 * first), `filter` a JSON object of the list's keys only, with an example this list answers.
 */
export function ApiListQuery<S extends string, F extends Record<string, FilterKind>>(
  spec: ListSpec<S, F>,
  filterExample: { [K in keyof F]?: unknown } = {},
): MethodDecorator {
  const [first, direction] = spec.defaultSort;
  const sorts = [first, ...spec.sortable.filter((field) => field !== first)].flatMap((field) =>
    (field === first && direction === 'ASC' ? ['ASC', 'DESC'] : ['DESC', 'ASC']).map((order) =>
      JSON.stringify([field, order]),
    ),
  );
  return applyDecorators(
    ApiQuery({
      name: 'sort',
      required: false,
      description: `JSON ["field","ASC|DESC"]: ${spec.sortable.join(', ')}; by default ${JSON.stringify(spec.defaultSort)}`,
      schema: { type: 'string', maxLength: 200, enum: sorts, example: JSON.stringify(spec.defaultSort) },
    }),
    ApiQuery({
      name: 'range',
      required: false,
      description: `JSON [start,end], inclusive, at most ${MAX_PAGE_SIZE} rows`,
      schema: { type: 'string', maxLength: 100, example: '[0,24]' },
    }),
    ApiQuery({
      name: 'filter',
      required: false,
      description: `JSON object of filters: ${Object.keys(spec.filters).join(', ')}`,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: Object.fromEntries(
              Object.entries(spec.filters).map(([key, kind]) => [key, FILTER_SCHEMAS[kind]]),
            ),
            additionalProperties: false,
          },
          example: filterExample,
        },
      },
    }),
  );
}
