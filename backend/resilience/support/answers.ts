import { request as httpRequest } from 'node:http';
import type { StoreHarness } from './store-process.js';

/** One answer of the store, its body both as text and (when it is JSON) parsed. */
export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

/**
 * A request with full control over the bytes sent (any content type, any body, invalid JSON included),
 * unlike `StoreHarness.request`, which always sends valid JSON. Redirects are not followed.
 */
export async function rawRequest(
  h: StoreHarness,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string | Uint8Array } = {},
): Promise<RawAnswer> {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers,
    body: body as RequestInit['body'],
    redirect: 'manual',
  });
  return answer(res.status, res.headers, await res.text());
}

/** An answer from its status, headers and body text; `body` is the text parsed when it is JSON. */
function answer(status: number, headers: Headers, text: string): RawAnswer {
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status, headers, text, body };
}

/**
 * A request whose answer may come before its body is sent: a body over the limit is refused (413) as soon
 * as the server sees the Content-Length, or the first `limit` bytes of a chunked body, and the server may
 * then close the connection. A client still uploading at that moment fails with EPIPE and loses the answer
 * (which is what `fetch` does, now and then). So no byte is written once the server may have answered:
 * with a Content-Length, the headers go first and the body only if no answer came within `patienceMs`;
 * chunked, the body goes in pieces up to the first one past `limit`, then the request waits for the answer
 * and only ends (sending the rest) if none came. Rejects only when the connection ends without an answer.
 */
export function requestAnsweredEarly(
  h: StoreHarness,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Uint8Array,
  { chunked = false, limit = Infinity, patienceMs = 2_000 } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${h.url}${path}`, {
      method,
      headers: chunked
        ? { ...headers, 'transfer-encoding': 'chunked' }
        : { ...headers, 'content-length': String(body.length) },
    });
    let answered = false;
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.on('response', (res) => {
      answered = true;
      const received: Buffer[] = [];
      res.on('data', (chunk: Buffer) => received.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(received).toString('utf8');
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        resolve(answer(res.statusCode ?? 0, answerHeaders, text));
      });
    });
    /** Sends the rest of the body, unless the answer came while waiting. */
    const finishUnlessAnswered = (from: number) =>
      setTimeout(() => {
        if (!answered && !req.destroyed) req.end(body.subarray(from));
      }, patienceMs);

    if (!chunked) {
      req.flushHeaders();
      finishUnlessAnswered(0);
      return;
    }
    const writeFrom = (offset: number) => {
      if (answered || req.destroyed) return;
      if (offset > limit || offset >= body.length) return void finishUnlessAnswered(offset);
      const end = Math.min(offset + PIECE_BYTES, body.length);
      req.write(body.subarray(offset, end), () => setImmediate(() => writeFrom(end)));
    };
    writeFrom(0);
  });
}

const PIECE_BYTES = 64 * 1024;

/** What gives away the server's insides: stack frames, file paths, driver and engine errors. */
const LEAKS: [RegExp, string][] = [
  [/\n\s+at\s/, 'a stack trace'],
  [/\bat\s+\S+\s+\((?:\/|node:|file:)/, 'a stack frame'],
  [/node_modules/, 'a node_modules path'],
  [/\/work\/|\/srv\/|\/home\/|\/tmp\//, 'a file path'],
  [/\.(?:ts|js):\d+/, 'a source location'],
  [/SQLITE_|ER_[A-Z_]+|QueryFailedError|TypeORMError|EntityNotFound/, 'a database error'],
  [/TypeError|ReferenceError|RangeError|SyntaxError: Unexpected token/, 'a JavaScript error'],
];

/**
 * Fields an error answer may carry beside the four and `errors` (ErrorBodyDto and the review's 409): a write past its
 * ceiling, a change that needs a step-up, a tax change that needs a refund and a new order.
 */
const DOCUMENTED_EXTRAS = new Set([
  'challengeRequired',
  'stepUpRequired',
  'refundAndReorder',
  'paidCents',
  'owedCents',
]);

/**
 * The problems with an error answer (empty when it is right): a JSON 4xx with exactly the store's error
 * shape {statusCode, message, error, errors?, requestId}, message one string, statusCode equal to the HTTP status, requestId equal to its
 * X-Request-Id header, nothing of the server's insides.
 */
export function errorAnswerProblems(res: Pick<RawAnswer, 'status' | 'headers' | 'text' | 'body'>): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`status ${res.status}`);
  if (!/^application\/json\b/.test(res.headers.get('content-type') ?? ''))
    problems.push(`content-type ${res.headers.get('content-type') ?? '(none)'}`);
  const body = res.body as
    { statusCode?: unknown; message?: unknown; error?: unknown; requestId?: unknown } | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) problems.push('no JSON object body');
  else {
    // The four fields, and only the flags and figures the API documents for a client to act on.
    const keys = Object.keys(body).filter((key) => !DOCUMENTED_EXTRAS.has(key) && key !== 'errors');
    if (keys.sort().join(',') !== 'error,message,requestId,statusCode') problems.push(`keys ${keys}`);
    // The id a customer's screenshot shows is the one the answer's header and the log lines carry.
    if (typeof body.requestId !== 'string' || body.requestId !== res.headers.get('x-request-id'))
      problems.push(`requestId ${String(body.requestId)} (header ${res.headers.get('x-request-id')})`);
    if (body.statusCode !== res.status) problems.push(`statusCode ${String(body.statusCode)}`);
    if (typeof body.error !== 'string' || !body.error) problems.push('error is not a string');
    // One string always; a request refused for several problems lists them in `errors` as well.
    if (typeof body.message !== 'string' || !body.message) problems.push('message is not a string');
    const { errors } = body as { errors?: unknown };
    const isProblem = (p: unknown) =>
      typeof p === 'object' &&
      p !== null &&
      typeof (p as { message?: unknown }).message === 'string' &&
      ['string', 'undefined'].includes(typeof (p as { field?: unknown }).field);
    if (errors !== undefined && !(Array.isArray(errors) && errors.length > 0 && errors.every(isProblem)))
      problems.push('errors is not a list of {field?, message}');
  }
  for (const [pattern, what] of LEAKS) if (pattern.test(res.text)) problems.push(`leaks ${what}`);
  return problems;
}

/** A client address of its own (deterministic from a number), for rate limits counted per address. */
export function clientAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;
}
