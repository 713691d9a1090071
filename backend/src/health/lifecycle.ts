/** Where the process is: starting (the port open, the app not yet), serving, or stopping. */
export type Phase = 'starting' | 'serving' | 'stopping';

/**
 * The process's phase, shared by the start-up (main.ts's early port, the migrations), the readiness check
 * (/api/health/ready) and the shutdown (drainOnSignal). One per process; a test app makes its own.
 */
export class Lifecycle {
  private current: Phase = 'starting';
  /** What the start is doing, said by a 503 from /api/health/ready meanwhile. */
  private step = 'loading';

  get phase(): Phase {
    return this.current;
  }

  /** What the start is doing now ("running 17 database migrations"). */
  starting(step: string): void {
    if (this.current === 'starting') this.step = step;
  }

  serving(): void {
    if (this.current === 'starting') this.current = 'serving';
  }

  stopping(): void {
    this.current = 'stopping';
  }

  /** Why the process does not take traffic now, or null when it does (as far as the process itself knows). */
  notReady(): string | null {
    if (this.current === 'starting') return `The store is starting: ${this.step}`;
    if (this.current === 'stopping') return 'The store is shutting down';
    return null;
  }
}
