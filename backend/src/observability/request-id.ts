import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config/app-config.js';

/**
 * The route pattern a request matched (`/api/orders/:id`), kept on Node's request for what reads it there
 * (the access log, the trace's server span): never the URL, whose path and query carry tokens and e-mail
 * addresses (/account?token=…, /api/downloads/:token, /api/admin/customers/:email).
 */
const ROUTE = Symbol('route');

export function markRoute(raw: IncomingMessage, route: string | undefined): void {
  (raw as IncomingMessage & { [ROUTE]?: string })[ROUTE] = route;
}

export function routeOf(raw: IncomingMessage): string | undefined {
  return (raw as IncomingMessage & { [ROUTE]?: string })[ROUTE];
}

/** The header that carries a request's id in and out. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an id from a proxy may look like: what proxies and load balancers generate (UUIDs, hex, base64url,
 * `Root=1-…`-free ids), at most 128 characters. Anything else (spaces, quotes, control characters, a list
 * joined by a second header) is replaced, so a log line or an error body never carries what a client wrote.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Whether a request's connection comes from a proxy, and which X-Forwarded-For hops are believed. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as a function of the address and its hop (0: the socket peer), the rule Fastify applies to
 * X-Forwarded-For and this module to X-Request-Id, so both believe the same proxies. A bare hop count
 * becomes "the socket peer and the entries before it, up to that many" (Fastify trusts no proxy at all
 * for a number on its own).
 */
export function proxyTrust(trust: TrustProxy): ProxyTrust {
  if (trust === false) return () => false;
  if (Array.isArray(trust)) return proxyAddr.compile(trust);
  return (_address, hop) => hop < trust.hops;
}

/**
 * Fastify's `genReqId`: the X-Request-Id a trusted proxy sent (the connection comes from a proxy TRUST_PROXY
 * names, and the id looks like one), otherwise a new UUID. A client reaching the server directly cannot
 * choose the id its errors and log lines are filed under.
 */
export function requestIdGenerator(trust: ProxyTrust): (req: IncomingMessage) => string {
  return (req) => {
    const given = req.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && ACCEPTED_ID.test(given)) {
      const peer = req.socket?.remoteAddress;
      if (peer && trust(peer, 0)) return given;
    }
    return randomUUID();
  };
}

/**
 * Every answer Fastify sends carries its request's id (X-Request-Id), whichever hook or handler sent it:
 * routes, static files, 404s, Fastify's own refusals. An error answer in JSON that was not shaped by
 * HttpErrorFilter (the 503 Nest sends while the server drains) gets it as `requestId` too.
 */
export function registerRequestIds(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    markRoute(request.raw, request.routeOptions.url);
    done();
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done(null, reply.statusCode >= 400 ? withRequestId(payload, request.id) : payload);
  });
}

/** A JSON error body given its `requestId` when it lacks one; any other payload as it is. */
function withRequestId(payload: unknown, requestId: string): unknown {
  if (typeof payload !== 'string' || !payload.startsWith('{"') || payload.includes('"requestId"'))
    return payload;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    return typeof body.statusCode === 'number' ? JSON.stringify({ ...body, requestId }) : payload;
  } catch {
    return payload;
  }
}
