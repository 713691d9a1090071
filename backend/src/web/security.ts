import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BACKFILL_HEADER } from '../backfills/backfill-job.js';
import { LIST_HEADERS } from '../common/simple-rest-list.js';
import { activeStripe, type AppConfig } from '../config/app-config.js';

/** What Stripe.js and its Payment Element need (Stripe's security guide), allowed only when Stripe is used. */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/**
 * Content-Security-Policy for everything the process serves. Integrations that load third-party code
 * (Stripe.js on the payment step) add their hosts here, in one place; in demo mode nothing but the store's
 * own origin is allowed.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'publicUrl' | 'payments'>) {
  const stripe = activeStripe(config) ? STRIPE_SOURCES : { script: [], frame: [], connect: [], img: [] };
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'", ...stripe.script],
      // MUI (emotion) and Swagger UI inject style elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', ...stripe.img],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...stripe.connect],
      frameSrc: stripe.frame.length ? stripe.frame : ["'none'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * The security headers helmet sets for this configuration, computed once. (@fastify/helmet builds
 * helmet's middleware again on every request, which cost more CPU than the rest of a catalogue request.)
 */
export function securityHeaders(config: Pick<AppConfig, 'publicUrl' | 'payments'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    // HSTS only makes sense when the store is served over HTTPS.
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? undefined : false,
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The headers of JSON answers (OWASP's REST Security Cheat Sheet): nothing in them is ever rendered or
 * framed, so the document headers above have nothing to govern; these say so, and stop sniffing.
 */
export function apiSecurityHeaders(
  config: Pick<AppConfig, 'publicUrl' | 'payments'>,
): Record<string, string> {
  const document = securityHeaders(config);
  return {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    ...(document['Strict-Transport-Security']
      ? { 'Strict-Transport-Security': document['Strict-Transport-Security'] }
      : {}),
  };
}

/**
 * What browsers and shared caches may keep. Answers holding licence keys, tokens or client secrets must
 * never be stored, so every API answer is `no-store` unless its route sets a Cache-Control of its own (a
 * public answer may), and so are the storefront pages whose address carries a secret: the account link's
 * token (/account?token=) and Stripe's client secret on the way back from a payment (/success?…).
 */
export const NO_STORE = 'no-store';
export const PAGES_WITH_SECRETS: readonly string[] = ['/account', '/success'];

/** JSON answers are under /api/, except Swagger's pages, which are documents. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

export function registerSecurityHeaders(app: NestFastifyApplication, config: AppConfig): void {
  const documentHeaders = securityHeaders(config);
  const apiHeaders = { ...apiSecurityHeaders(config), 'Cache-Control': NO_STORE };
  // Every response: API answers, both apps' files, errors and 404s (onRequest runs before routing fails).
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      void reply.headers(isApiAnswer(request.url) ? apiHeaders : documentHeaders);
      done();
    });
  // The bundled apps are same-origin and need no CORS. Origins listed in CORS_ORIGINS (say, a back office
  // served from elsewhere) may call the API with a bearer token (no cookies) and read the list headers.
  if (config.corsOrigins.length) {
    app.enableCors({
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
      exposedHeaders: [...LIST_HEADERS, BACKFILL_HEADER],
      maxAge: 600,
    });
  }
}
