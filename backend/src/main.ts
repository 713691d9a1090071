import './config/refuse-unsupported-node.js'; // first: exits on an unsupported Node before anything loads
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfigOrExit } from './config/app-config.js';
import { developmentWarning } from './config/dev-warning.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const warning = developmentWarning(config, process.env.NODE_ENV);
  if (warning) new Logger('Store').warn(`\n${warning}`);
  // Loaded only once the configuration is known to be valid, so a refusal is immediate.
  const { createApp } = await import('./app.factory.js');
  const app = await createApp(config);
  await app.listen({ port: config.port, host: config.host });
  drainOnSignal(app, config.shutdownTimeoutMs);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // With PORT=0 this line tells which port was picked.
  new Logger('Store').log(`Store listening on http://localhost:${port} (public URL ${config.publicUrl})`);
}

/**
 * SIGTERM (a deploy, the load balancer's drain) or SIGINT: stop listening (new connections are refused,
 * new requests on open keep-alive connections answered 503), let the requests in flight finish, then
 * stop the rest (the outbox finishes the message it is sending, housekeeping its round) and exit 0. If
 * that takes longer than SHUTDOWN_TIMEOUT_SECONDS, or a second signal comes, exit 1 at once: what was
 * cut short is in the database's transactions, which roll back, and the outbox, which resends.
 */
function drainOnSignal(app: NestFastifyApplication, timeoutMs: number): void {
  const logger = new Logger('Store');
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) {
      logger.error(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    draining = true;
    logger.log(`${signal}: finishing the requests in flight (at most ${timeoutMs / 1000} s), then exiting`);
    setTimeout(() => {
      logger.error(
        `Shutdown took longer than ${timeoutMs / 1000} s (SHUTDOWN_TIMEOUT_SECONDS): exiting anyway`,
      );
      process.exit(1);
    }, timeoutMs).unref();
    // Fastify first, so nothing new comes in while the modules stop; app.close() then finds it closed.
    app
      .getHttpAdapter()
      .getInstance()
      .close()
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
