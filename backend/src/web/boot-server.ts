import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { Logger } from '@nestjs/common';
import type { FastifyServerFactory } from 'fastify';
import type { AppConfig } from '../config/app-config.js';
import { Lifecycle } from '../health/lifecycle.js';
import { proxyTrust, REQUEST_ID_HEADER, requestIdGenerator } from '../observability/request-id.js';
import { errorBody } from './http-error.filter.js';
import { answerClientError, KEEP_ALIVE_TIMEOUT_MS, timeLimits } from './node-server.js';
import { apiSecurityHeaders, NO_STORE } from './security.js';

/** What a client is told to wait before trying again while the store starts. */
export const STARTING_RETRY_AFTER_SECONDS = 5;
/** The liveness route: answered from the first seconds, by the port opened here and then by the app. */
export const LIVE_PATH = '/api/health/live';
export const READY_PATH = '/api/health/ready';

/** The port opened before the app starts (openPort), then handed over to it. */
export interface BootServer {
  readonly server: Server;
  readonly lifecycle: Lifecycle;
  /** For the app's FastifyAdapter: its server is this one, already listening. */
  readonly serverFactory: FastifyServerFactory;
  /** From now on every request goes to the app (Fastify's handler, which serverFactory was given). */
  serve(): void;
  /**
   * Stops taking connections (new ones are refused), closes the idle ones (and each keep-alive connection
   * once its request in flight is answered), and answers once every connection has ended.
   */
  close(): Promise<void>;
}

/**
 * Opens the port at once, before the app (Nest, the database, its migrations) starts, so that the
 * process is seen to be alive from its first seconds whatever the start takes (an upgrade's migrations on a
 * big table): `/api/health/live` answers 200, `/api/health/ready` 503 saying what the start is doing, and
 * everything else a 503 in the API's one error shape (its request id too) with Retry-After, which a load
 * balancer passes over
 * (deploy/nginx.conf: `proxy_next_upstream http_503`). Once the app is ready, `serve()` hands the same
 * server over to it: no moment when the port refuses connections, and keep-alive connections go on.
 */
export async function openPort(config: AppConfig, lifecycle = new Lifecycle()): Promise<BootServer> {
  const limits = timeLimits(config.requestTimeoutMs);
  const headers = { ...apiSecurityHeaders(config), 'Cache-Control': NO_STORE };
  const requestId = requestIdGenerator(proxyTrust(config.trustProxy));
  const whileStarting: RequestListener = (req, res) =>
    answerWhileStarting(req, res, lifecycle, { ...headers, [REQUEST_ID_HEADER]: requestId(req) });
  let handler: RequestListener = whileStarting;
  let app: RequestListener | null = null;
  const server = createServer(limits.http, (req, res) => handler(req, res));
  server.requestTimeout = limits.requestTimeout;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.setTimeout(limits.connectionTimeout);
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: config.port, host: config.host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  new Logger('Store').log(`Port ${port} open while the store starts (${LIVE_PATH} answers)`);
  return {
    server,
    lifecycle,
    serverFactory: (fastifyHandler) => {
      app = fastifyHandler as RequestListener;
      // Fastify adds its own (the same answers) once it has the server.
      server.off('clientError', answerClientError);
      return server;
    },
    serve() {
      if (!app) throw new Error('The app was not built on this server (createApp with `boot`)');
      handler = app;
      lifecycle.serving();
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Node closes the connections idle now; a keep-alive connection whose request is still in flight
        // would stay open after its answer (until keepAliveTimeout, past the shutdown's time), so the idle
        // ones are closed again until every connection has ended.
        const reap = setInterval(() => server.closeIdleConnections(), 250);
        server.close(() => {
          clearInterval(reap);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

function answerWhileStarting(
  req: IncomingMessage,
  res: ServerResponse,
  lifecycle: Lifecycle,
  headers: Record<string, string>,
): void {
  const path = (req.url ?? '/').split('?')[0];
  const read = req.method === 'GET' || req.method === 'HEAD';
  if (read && path === LIVE_PATH) return send(res, 200, { status: 'live' }, headers);
  const why = lifecycle.notReady() ?? 'The store is starting';
  const message = read && path === READY_PATH ? why : `${why}. Try again in a few seconds.`;
  send(res, 503, errorBody(503, headers[REQUEST_ID_HEADER]!, message), {
    ...headers,
    'Retry-After': String(STARTING_RETRY_AFTER_SECONDS),
  });
}

function send(res: ServerResponse, status: number, body: object, headers: Record<string, string>): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
  });
  res.end(res.req.method === 'HEAD' ? undefined : json);
}
