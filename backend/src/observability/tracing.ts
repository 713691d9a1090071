import type { IncomingMessage } from 'node:http';
import { routeOf } from './request-id.js';

/** The running SDK, to flush at shutdown; null while tracing is off. */
let sdk: { shutdown(): Promise<void> } | null = null;

/**
 * OpenTelemetry, for OTEL_EXPORTER_OTLP_ENDPOINT: the Node SDK with the HTTP (incoming and outgoing),
 * Fastify (routes and handlers), mysql2 and ioredis instrumentations, exporting spans by OTLP over HTTP
 * (protobuf unless OTEL_EXPORTER_OTLP_PROTOCOL says http/json; the SDK reads the other OTEL_* settings,
 * e.g. OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER, OTEL_EXPORTER_OTLP_HEADERS). Everything is imported here,
 * on demand: a store without the setting loads none of it.
 *
 * It must run before the instrumented packages are loaded (main.ts imports the app only after it). The
 * backend is ES modules: a package the app `import`s (ioredis) is only seen through a module loader hook,
 * so import-in-the-middle's is registered (module.register), told by a message channel to wrap only the
 * packages an instrumentation asks for, and waited for before anything else loads. Packages loaded by
 * require() (mysql2's files, node:http under Fastify) are patched by require-in-the-middle as usual;
 * Fastify reports itself through a diagnostics channel.
 *
 * What the spans carry leaves customer data out: route patterns instead of paths and query strings
 * (which hold tokens and e-mail addresses), SQL without its values, Redis commands without their keys.
 */
export async function startTracing(): Promise<void> {
  const { register } = await import('node:module');
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const [{ NodeSDK }, { HttpInstrumentation }, { FastifyOtelInstrumentation }, mysql2, ioredis] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@fastify/otel'),
      import('@opentelemetry/instrumentation-mysql2'),
      import('@opentelemetry/instrumentation-ioredis'),
    ]);
  const noUrl = { 'url.path': '', 'url.query': '' };
  const started = new NodeSDK({
    // OTEL_SERVICE_NAME, when set, names the service instead.
    serviceName: process.env.OTEL_SERVICE_NAME ? undefined : 'office-licence-store',
    // Traces only: the store's metrics are Prometheus' (/api/metrics), its logs go to stdout.
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        startIncomingSpanHook: () => noUrl,
        applyCustomAttributesOnSpan: (span, request) => {
          if ('socket' in request) span.setAttribute('url.path', routeOf(request as IncomingMessage) ?? '');
        },
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // One span per request and one for its handler, not one per hook (there are a dozen).
        instrumentHooks: false,
        requestHook: (span, request) =>
          span.setAttributes({ ...noUrl, 'url.path': request.routeOptions.url ?? '' }),
      }),
      new mysql2.MySQL2Instrumentation({ maskStatement: true }),
      new ioredis.IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
    ],
  });
  started.start();
  await waitForAllMessagesAcknowledged();
  sdk = started;
}

/** Sends the spans still buffered (the last requests before a shutdown); nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const running = sdk;
  sdk = null;
  await running?.shutdown();
}
