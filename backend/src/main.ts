import './config/refuse-unsupported-node.js'; // first: exits on an unsupported Node before anything loads
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfigOrExit } from './config/app-config.js';
import { developmentWarning } from './config/dev-warning.js';
import type { BootServer } from './web/boot-server.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const { logLevel, logFormat, otlpEndpoint } = config.observability;
  // Before the app and its logging are loaded, so the packages it traces are instrumented as they load;
  // nothing otherwise.
  if (otlpEndpoint) await (await import('./observability/tracing.js')).startTracing();
  // Until the app's own logger takes over: the same format (JSON in production) and levels.
  Logger.overrideLogger((await import('./observability/logging.js')).startUpLogger(logLevel, logFormat));
  const warning = developmentWarning(config, process.env.NODE_ENV);
  if (warning) new Logger('Store').warn(`\n${warning}`);
  // Live from now on, however long the start takes (an upgrade's migrations): see openPort.
  const boot = await (await import('./web/boot-server.js')).openPort(config);
  // Loaded only once the configuration is known to be valid, so a refusal is immediate.
  const { createApp } = await import('./app.factory.js');
  const app = await createApp(config, { boot });
  boot.serve();
  drainOnSignal(app, boot, config.shutdownTimeoutMs);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // With PORT=0 this line tells which port was picked.
  new Logger('Store').log(`Store listening on http://localhost:${port} (public URL ${config.publicUrl})`);
}

/**
 * SIGTERM (a deploy, the load balancer's drain) or SIGINT: /api/health/ready answers 503, stop listening
 * (new connections are refused, new requests on open keep-alive connections answered 503), let the
 * requests in flight finish, then stop the rest (the outbox finishes the message it is sending,
 * housekeeping its round, a backfill its batch) and exit 0. If that takes longer than
 * SHUTDOWN_TIMEOUT_SECONDS, or a second signal comes, exit 1 at once: what was cut short is in the
 * database's transactions, which roll back, and the outbox, which resends.
 */
function drainOnSignal(app: NestFastifyApplication, boot: BootServer, timeoutMs: number): void {
  const logger = new Logger('Store');
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) {
      logger.error(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    draining = true;
    boot.lifecycle.stopping();
    logger.log(`${signal}: finishing the requests in flight (at most ${timeoutMs / 1000} s), then exiting`);
    setTimeout(() => {
      logger.error(
        `Shutdown took longer than ${timeoutMs / 1000} s (SHUTDOWN_TIMEOUT_SECONDS): exiting anyway`,
      );
      process.exit(1);
    }, timeoutMs).unref();
    // The port first, so nothing new comes in while the modules stop; app.close() then finds it closed.
    Promise.all([app.getHttpAdapter().getInstance().close(), boot.close()])
      .then(() => app.close())
      .then(
        () => {
          logger.log('Stopped');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
