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
import { StepUpRequiredException } from '../auth/step-up-required.js';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../database/errors.js';
import { SecretBoxError } from '../common/secret-box.js';

/** The answer when an operation needs data sealed at rest that no longer authenticates. */
export const UNREADABLE_MESSAGE =
  'Stored data of this record cannot be read (it was altered, or sealed under another secret). ' +
  'Nothing was changed or sent.';

/**
 * The one shape of every error the API returns. `requestId` is the answer's X-Request-Id: a customer's
 * screenshot of an error finds its log lines.
 */
export interface ErrorBody {
  statusCode: number;
  message: string | string[];
  error: string;
  requestId: string;
  /** Only on the 403 of a change that needs a fresh confirmation (X-Step-Up-Token). */
  stepUpRequired?: true;
}

/** An error answer lists at most this many problems, each at most this long (a property name may be huge). */
export const MAX_LISTED_PROBLEMS = 20;
export const MAX_PROBLEM_LENGTH = 300;

/**
 * A list of problems as answered: the first {@link MAX_LISTED_PROBLEMS}, then how many more there were.
 * A 1 MB body of unknown fields would otherwise get an answer larger than itself.
 */
export function capProblems(messages: string[]): string[] {
  const shown = messages
    .slice(0, MAX_LISTED_PROBLEMS)
    .map((m) => (m.length > MAX_PROBLEM_LENGTH ? `${m.slice(0, MAX_PROBLEM_LENGTH - 1)}…` : m));
  const more = messages.length - shown.length;
  return more > 0 ? [...shown, `… and ${more} more problem${more === 1 ? '' : 's'}`] : shown;
}

export function errorBody(statusCode: number, requestId: string, message?: string | string[]): ErrorBody {
  const error = STATUS_CODES[statusCode] ?? 'Error';
  return {
    statusCode,
    message: Array.isArray(message) ? capProblems(message) : (message ?? error),
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
    const { status, problem } = this.describe(exception);
    const body = errorBody(status, http.getRequest<FastifyRequest>().id, problem);
    if (exception instanceof StepUpRequiredException) body.stepUpRequired = true;
    if (status === HttpStatus.SERVICE_UNAVAILABLE) void reply.header('retry-after', '5');
    if (exception instanceof TooManyAttemptsException)
      void reply.header('retry-after', String(exception.retryAfterSeconds));
    void reply.status(status).header('cache-control', 'no-store').send(body);
  }

  /** The status and the message the client is told. */
  private describe(exception: unknown): { status: number; problem?: string | string[] } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const message =
        typeof response === 'string'
          ? response
          : ((response as { message?: string | string[] }).message ?? exception.message);
      return { status, problem: message };
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

/** Fastify's own 4xx errors (invalid JSON, body too large, unsupported media type) carry a statusCode. */
export function clientErrorStatus(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}
