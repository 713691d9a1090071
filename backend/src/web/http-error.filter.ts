import { STATUS_CODES } from 'node:http';
import {
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TooManyAttemptsException } from '../auth/sign-in-limiter.js';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../database/errors.js';
import { SecretBoxError } from '../common/secret-box.js';
import type { ErrorProblem } from '../common/validation.js';

export type { ErrorProblem };

/** The answer when an operation needs data sealed at rest that no longer authenticates. */
export const UNREADABLE_MESSAGE =
  'Stored data of this record cannot be read (it was altered, or sealed under another secret). ' +
  'Nothing was changed or sent.';

/**
 * The one shape of every error the API returns. `message` is always one string; a request refused for
 * several problems (a validation error) also lists them in `errors`, and `message` sums them up.
 * `requestId` is the answer's X-Request-Id: a customer's screenshot of an error finds its log lines. An
 * HttpException thrown with an object may add fields of plain values the client acts on
 * (`refundAndReorder: true`); they never replace these.
 */
export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  errors?: ErrorProblem[];
  requestId: string;
}

/** An error answer lists at most this many problems, each at most this long (a property name may be huge). */
export const MAX_LISTED_PROBLEMS = 20;
export const MAX_PROBLEM_LENGTH = 300;

/** What an exception may carry as its problems: a message, or a list of messages or field problems. */
export type Problems = string | readonly (string | ErrorProblem)[];

const capped = (text: string) =>
  text.length > MAX_PROBLEM_LENGTH ? `${text.slice(0, MAX_PROBLEM_LENGTH - 1)}…` : text;

/**
 * A list of problems as answered: the first {@link MAX_LISTED_PROBLEMS}, each shortened, and the one-line
 * summary (`message`) of all of them: their messages joined, then how many more there were. A 1 MB body of
 * unknown fields would otherwise get an answer larger than itself.
 */
export function capProblems(problems: readonly (string | ErrorProblem)[]): {
  message: string;
  errors: ErrorProblem[];
} {
  const errors = problems.slice(0, MAX_LISTED_PROBLEMS).map((problem) => {
    const { field, message } = typeof problem === 'string' ? { message: problem } : problem;
    return field === undefined
      ? { message: capped(message) }
      : { field: capped(field), message: capped(message) };
  });
  const more = problems.length - errors.length;
  const summary = errors.map((e) => e.message);
  if (more > 0) summary.push(`… and ${more} more problem${more === 1 ? '' : 's'}`);
  return { message: summary.join('; '), errors };
}

export function errorBody(statusCode: number, requestId: string, problems?: Problems): ErrorBody {
  const error = STATUS_CODES[statusCode] ?? 'Error';
  if (typeof problems === 'object' && problems.length > 0) {
    const { message, errors } = capProblems(problems);
    return { statusCode, message, error, errors, requestId };
  }
  return {
    statusCode,
    message: typeof problems === 'string' && problems ? problems : error,
    error,
    requestId,
  };
}

/**
 * Shapes every exception as {@link ErrorBody}. Anything that is not an HttpException is a bug or an
 * outage: it is logged with its stack and answered as a bare 500, never with internals.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const { status, problem, extra } = this.describe(exception);
    const body = { ...extra, ...errorBody(status, http.getRequest<FastifyRequest>().id, problem) };
    if (status === HttpStatus.SERVICE_UNAVAILABLE) void reply.header('retry-after', '5');
    if (exception instanceof TooManyAttemptsException)
      void reply.header('retry-after', String(exception.retryAfterSeconds));
    void reply.status(status).header('cache-control', 'no-store').send(body);
  }

  /** The status and the message the client is told. */
  private describe(exception: unknown): {
    status: number;
    problem?: Problems;
    extra?: Record<string, string | number | boolean>;
  } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const { message, errors } = (typeof response === 'object' ? response : {}) as {
        message?: Problems;
        errors?: ErrorProblem[];
      };
      const problem = typeof response === 'string' ? response : (errors ?? message ?? exception.message);
      return { status, problem, extra: plainFields(response) };
    }
    const status = clientErrorStatus(exception);
    if (status) return { status, problem: (exception as Error).message };
    if (exception instanceof SecretBoxError) {
      // Data sealed at rest (a licence key, a mail body) that no longer authenticates: the operation that
      // needed it is refused, its transaction rolled back, and nothing derived from the data is sent.
      this.logger.error('Sealed data did not authenticate (altered, or sealed under another secret)');
      return { status: HttpStatus.CONFLICT, problem: UNREADABLE_MESSAGE };
    }
    // An outage, not a bug: the client is told to come back (the pool reconnects by itself).
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`Database unreachable: ${(exception as Error).message}`);
      return { status: HttpStatus.SERVICE_UNAVAILABLE, problem: DATABASE_UNAVAILABLE };
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, problem: 'Internal server error' };
  }
}

/** The fields of plain values (text, numbers, flags) of an exception's response object. */
function plainFields(response: unknown): Record<string, string | number | boolean> | undefined {
  if (typeof response !== 'object' || response === null) return undefined;
  const entries = Object.entries(response).filter(
    ([name, value]) =>
      ['string', 'number', 'boolean'].includes(typeof value) && !['message', 'errors'].includes(name),
  ) as [string, string | number | boolean][];
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** Fastify's own 4xx errors (invalid JSON, body too large, unsupported media type) carry a statusCode. */
export function clientErrorStatus(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}
