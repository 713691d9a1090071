import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { REQUEST_ID_HEADER } from '../observability/request-id.js';
import { errorBody } from './http-error.filter.js';

/**
 * A client must send its whole request (headers and body) within `requestTimeoutMs`, or it is answered 408
 * and disconnected: a body trickled a byte at a time would otherwise hold its connection for ever (Fastify
 * turns Node's 5-minute default off). Node checks every `connectionsCheckingInterval`, so the cut-off comes
 * at most that much later. A connection on which nothing moves either way for twice the limit is closed.
 */
export function timeLimits(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: 2 * requestTimeoutMs,
    http: {
      headersTimeout: Math.min(requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.min(Math.ceil(requestTimeoutMs / 4), 5_000),
    },
  };
}

/** Fastify's default: an idle keep-alive connection is closed after this long. */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** Node's own refusals, before Fastify has a request to answer, and what the client is told. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};

/** Node's answer to a request cut off or malformed, in the API's one error shape, then the connection closed. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (socket.destroyed || error.code === 'ECONNRESET') return;
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Malformed request'];
  // No request was parsed, so no id came from a proxy: a new one, in the body and the header alike.
  const requestId = randomUUID();
  const body = JSON.stringify(errorBody(status, requestId, message));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n` +
        `${REQUEST_ID_HEADER}: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}
