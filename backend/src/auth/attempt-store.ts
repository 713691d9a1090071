/** A counter of attempts for one key (an address, an account, or both). */
export interface AttemptCount {
  count: number;
  /** When the latest attempt was counted (ms since the epoch). */
  lastAt: number;
  /** When the counter is forgotten (ms since the epoch). */
  expiresAt: number;
}

/**
 * Where the sign-in limits keep their counters: this process's memory (MemoryAttemptStore), or Redis
 * with REDIS_URL (RedisAttemptStore, shared by every process); each of the three calls atomic for its key.
 */
export interface AttemptStore {
  /**
   * Counts one attempt and answers the counter after it. A new counter lives `ttlMs`; with `sliding`
   * every attempt pushes its end to `ttlMs` after now (a fixed window otherwise).
   */
  hit(key: string, ttlMs: number, sliding: boolean): Promise<AttemptCount>;
  /** The live counter, or null. */
  get(key: string): Promise<AttemptCount | null>;
  delete(key: string): Promise<void>;
}

export const ATTEMPT_STORE = Symbol('ATTEMPT_STORE');

/** At most this many counters are kept; past it the oldest are dropped first (a flood of addresses). */
const MAX_KEYS = 100_000;

export class MemoryAttemptStore implements AttemptStore {
  private readonly counters = new Map<string, AttemptCount>();

  // Date.now read at each call (not the function kept): the limiter and its store share one clock.
  constructor(private readonly now: () => number = () => Date.now()) {}

  async hit(key: string, ttlMs: number, sliding: boolean): Promise<AttemptCount> {
    const now = this.now();
    const live = this.live(key, now);
    const next: AttemptCount = {
      count: (live?.count ?? 0) + 1,
      lastAt: now,
      expiresAt: live && !sliding ? live.expiresAt : now + ttlMs,
    };
    // Re-inserted so the Map's order stays least recently counted first.
    this.counters.delete(key);
    this.counters.set(key, next);
    if (this.counters.size > MAX_KEYS) this.evict(now);
    return { ...next };
  }

  async get(key: string): Promise<AttemptCount | null> {
    const live = this.live(key, this.now());
    return live ? { ...live } : null;
  }

  async delete(key: string): Promise<void> {
    this.counters.delete(key);
  }

  private live(key: string, now: number): AttemptCount | undefined {
    const counter = this.counters.get(key);
    if (counter && counter.expiresAt <= now) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }

  private evict(now: number): void {
    for (const [key, counter] of this.counters) {
      if (this.counters.size <= MAX_KEYS * 0.9 && counter.expiresAt > now) break;
      this.counters.delete(key);
    }
  }
}
