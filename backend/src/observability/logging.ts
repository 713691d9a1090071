import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { maskEmails, PrivacyLogger, START_UP_CONTEXTS } from '../common/privacy-logger.js';
import type { LogLevelName } from '../config/app-config.js';
import { nestLogLevels } from './log-levels.js';
import { routeOf } from './request-id.js';

/**
 * Where JSON lines go: every customer e-mail address masked by the one rule of privacy-logger.ts, whatever
 * field holds it (a message, an error's stack, a value a database error quotes).
 */
export function maskingDestination(target: DestinationStream): DestinationStream {
  return { write: (line: string) => target.write(maskEmails(line)) };
}

/**
 * One JSON object per line: ISO time (UTC), the level's name, `msg`, and the bindings of the line's
 * context (`requestId` inside a request, `context` naming the Nest class that wrote it).
 */
export function jsonLogger(level: LogLevelName, destination: DestinationStream): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    maskingDestination(destination),
  );
}

/**
 * The access log: one line per request once its answer is sent, with the route pattern rather than the
 * URL (paths and query strings carry tokens and e-mail addresses: /account?token=…, /api/downloads/:token),
 * the status and the duration. No header and no body is logged.
 */
function accessLog(logger: Logger) {
  const fields = (req: IncomingMessage, res: ServerResponse, durationMs: number) => ({
    method: req.method,
    route: routeOf(req),
    statusCode: res.statusCode,
    durationMs,
  });
  return pinoHttp({
    logger,
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    // Every line of a request carries its id alone; the request itself is summed up once, by this line.
    quietReqLogger: true,
    quietResLogger: true,
    serializers: { req: () => undefined, res: () => undefined },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    customSuccessObject: (req, res, value: { durationMs: number }) => fields(req, res, value.durationMs),
    customErrorObject: (req, res, _error, value: { durationMs: number }) =>
      fields(req, res, value.durationMs),
  });
}

/** nestjs-pino's Nest logger, with Nest's start-up chatter at debug level as in the text format. */
class JsonLogger extends NestPinoLogger {
  override log(message: unknown, ...params: unknown[]): void {
    const context = params.at(-1);
    if (typeof context === 'string' && START_UP_CONTEXTS.has(context)) this.debug(message, ...params);
    else super.log(message, ...params);
  }
}

/**
 * LOG_FORMAT=json: Nest's lines through nestjs-pino, each request's lines bound to its id. nestjs-pino's
 * module would do this in a Nest middleware, which on Fastify needs @fastify/middie (left out on purpose:
 * see app.factory.ts); a Fastify hook gives the same context at the start of every request instead,
 * unmatched routes and static files included: `PinoLogger.runInContext` (nestjs-pino's AsyncLocalStorage)
 * and the access log's pino-http. pino (through nestjs-pino) keeps one root logger per process: the
 * first app created in a process writes where it was told to.
 */
export function jsonLogging(
  level: LogLevelName,
  destination: DestinationStream,
): { logger: LoggerService; register(fastify: FastifyInstance): void } {
  const root = jsonLogger(level, destination);
  const params = { pinoHttp: { logger: root } };
  const pinoLogger = new PinoLogger(params);
  const logger = new JsonLogger(pinoLogger, params);
  const access = accessLog(root);
  return {
    logger,
    register(fastify) {
      fastify.addHook('onRequest', (request, reply, done) => {
        // pino-http takes the id Fastify gave the request (request-id.ts) rather than numbering its own.
        const raw = request.raw as IncomingMessage & { id?: string };
        raw.id = request.id;
        access(raw, reply.raw);
        pinoLogger.runInContext(done, { bindings: { requestId: request.id } });
      });
    },
  };
}

/** LOG_FORMAT=text: Nest's readable lines, addresses masked (PrivacyLogger). */
export function textLogger(level: LogLevelName): LoggerService {
  return new PrivacyLogger(nestLogLevels(level));
}

/**
 * main.ts's logger until the app's own takes over (the port opened while the store starts, the start's
 * warnings): LOG_FORMAT's and LOG_LEVEL's too, so a production log is JSON from its first line.
 */
export function startUpLogger(level: LogLevelName, format: 'json' | 'text'): LoggerService {
  return format === 'json' ? jsonLogging(level, process.stdout).logger : textLogger(level);
}
