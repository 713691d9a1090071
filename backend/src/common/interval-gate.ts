/**
 * "At most once per key and interval": `pass` answers true to the first caller for a key, then false
 * until `intervalMs` have passed. In this process's memory here; RedisIntervalGate shares it between
 * processes (REDIS_URL).
 */
export interface IntervalGate {
  pass(key: string, intervalMs: number): Promise<boolean>;
}

/** Keys remembered before the expired ones are swept out. */
const SWEEP_AT = 10_000;

export class MemoryIntervalGate implements IntervalGate {
  /** When each key's interval ends (Date.now()). */
  private readonly until = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  pass(key: string, intervalMs: number): Promise<boolean> {
    const now = this.now();
    if ((this.until.get(key) ?? 0) > now) return Promise.resolve(false);
    this.until.set(key, now + intervalMs);
    if (this.until.size > SWEEP_AT) {
      for (const [k, end] of this.until) if (end <= now) this.until.delete(k);
    }
    return Promise.resolve(true);
  }
}
