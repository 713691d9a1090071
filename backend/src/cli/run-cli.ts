import { ConfigError } from '../config/app-config.js';

/**
 * Runs a command's `main` and exits as the commands agree: a wrong setting (ConfigError) says so and exits
 * 78 (EX_CONFIG); an error of one of the `expected` kinds (the command's own refusals) prints its message
 * and exits 1; anything else prints its stack and exits 1.
 */
export function runCli(
  main: () => Promise<void>,
  expected: (abstract new (...args: never[]) => Error)[] = [],
): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError || expected.some((kind) => error instanceof kind)) {
      process.stderr.write(`${(error as Error).message}\n`);
      process.exit(error instanceof ConfigError ? 78 : 1);
    }
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
