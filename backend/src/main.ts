import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig, loadDotEnv } from './config/app-config.js';
import { developmentWarning } from './config/dev-warning.js';

async function main(): Promise<void> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const warning = developmentWarning(config, process.env.NODE_ENV);
  if (warning) new Logger('Store').warn(`\n${warning}`);
  // Loaded only once the configuration is known to be valid, so a refusal is immediate.
  const { createApp } = await import('./app.factory.js');
  const app = await createApp(config);
  app.enableShutdownHooks();
  await app.listen({ port: config.port, host: config.host });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // With PORT=0 this line tells which port was picked.
  new Logger('Store').log(`Store listening on http://localhost:${port} (public URL ${config.publicUrl})`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
