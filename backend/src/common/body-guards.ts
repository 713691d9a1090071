import type { FastifyInstance } from 'fastify';

/** Request bodies nest at most this deep (the API's own bodies need 3 levels). */
export const MAX_BODY_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `Request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const NOT_UNICODE_MESSAGE = 'Request contains text that is not valid Unicode';

/**
 * What is wrong with a parsed body or query, walked without recursion (a few thousand nested brackets
 * would overflow the stack of anything that recurses): nesting deeper than `maxDepth`, or a string (value
 * or key) with a lone UTF-16 surrogate, which JSON's `\ud800` escapes can produce but no valid text holds.
 */
export function inputProblem(value: unknown, maxDepth = MAX_BODY_DEPTH): string | null {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item)) return NOT_UNICODE_MESSAGE;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth > maxDepth) return TOO_DEEP_MESSAGE;
    for (const [key, child] of Object.entries(item)) {
      if (LONE_SURROGATE.test(key)) return NOT_UNICODE_MESSAGE;
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

/**
 * Refuses, with a 400 before any handler sees them, bodies and query strings that would otherwise reach
 * code that fails on them with a 500: the validation pipe (class-transformer) walks bodies recursively and
 * overflows its stack on deep nesting; validator's isEmail throws on lone surrogates, and MySQL refuses
 * them in a utf8mb4 column.
 */
export function refuseMalformedInput(fastify: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and most have neither body nor query.
  fastify.addHook('preValidation', (request, _reply, done) => {
    const problem =
      (request.body === undefined ? null : inputProblem(request.body)) ?? inputProblem(request.query, 4);
    done(problem ? Object.assign(new Error(problem), { statusCode: 400 }) : undefined);
  });
}
