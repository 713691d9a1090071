import type { LogLevel } from '@nestjs/common';
import { LOG_LEVELS, type LogLevelName } from '../config/app-config.js';

/** Nest's levels from LOG_LEVEL up: `info` is Nest's `log`, `trace` its `verbose`. */
export function nestLogLevels(level: LogLevelName): LogLevel[] {
  const nest: Record<LogLevelName, LogLevel> = {
    trace: 'verbose',
    debug: 'debug',
    info: 'log',
    warn: 'warn',
    error: 'error',
    fatal: 'fatal',
  };
  return LOG_LEVELS.slice(LOG_LEVELS.indexOf(level)).map((name) => nest[name]);
}
