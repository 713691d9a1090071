import type { Redis } from 'ioredis';

/** A shared value and how long ago it was stored, by Redis's clock. */
export interface SharedEntry<T> {
  value: T;
  ageMs: number;
}

/** KEYS: the value. Answers { "<stamp>:<json>", ms left } or nil. */
const READ = `
local v = redis.call('GET', KEYS[1])
if not v then return nil end
return {v, redis.call('PTTL', KEYS[1])}
`;

/**
 * Stores the value unless the one stored was computed from a later start (a higher stamp), in which case
 * that one is answered instead. KEYS: the value. ARGV: stamp, json, lifetime ms.
 */
const OFFER = `
local current = redis.call('GET', KEYS[1])
if current then
  local stamp = tonumber(string.match(current, '^(%d+):'))
  if stamp and stamp >= tonumber(ARGV[1]) then return current end
end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. ARGV[2], 'PX', ARGV[3])
return nil
`;

type Script = (key: string, ...args: (string | number)[]) => Promise<unknown>;

/**
 * One value shared by every process through Redis for `lifetimeMs` after it was stored, such as figures
 * that are costly to compute. Ages are measured by Redis's clock, and a value computed from an earlier
 * start never replaces one computed from a later start, so the value the processes answer only moves
 * forward. Every method throws when Redis fails: the caller decides what to do without it.
 */
export class RedisSharedValue<T> {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly lifetimeMs: number,
    /** Turns the parsed JSON back into a value (dates, for instance). */
    private readonly revive: (json: unknown) => T,
  ) {
    if (!('sharedValueRead' in redis)) redis.defineCommand('sharedValueRead', { numberOfKeys: 1, lua: READ });
    if (!('sharedValueOffer' in redis))
      redis.defineCommand('sharedValueOffer', { numberOfKeys: 1, lua: OFFER });
  }

  /** The value stored, with its age, or null when there is none (never stored, or expired). */
  async read(): Promise<SharedEntry<T> | null> {
    const read = (this.redis as unknown as { sharedValueRead: Script }).sharedValueRead;
    const found = (await read.call(this.redis, this.key)) as [string, number] | null;
    if (!found) return null;
    const [stored, ttl] = found;
    return { value: this.parse(stored), ageMs: Math.max(0, this.lifetimeMs - ttl) };
  }

  /** Redis's clock now, in microseconds: taken before computing a value, to order it among the others. */
  async stamp(): Promise<number> {
    const [seconds, micros] = await this.redis.time();
    return Number(seconds) * 1_000_000 + Number(micros);
  }

  /**
   * Stores `value`, computed from `stamp` on, unless a value computed from a later start is stored
   * already: answers that one then, or null when `value` is now the shared one.
   */
  async offer(value: T, stamp: number): Promise<T | null> {
    const offer = (this.redis as unknown as { sharedValueOffer: Script }).sharedValueOffer;
    const newer = (await offer.call(
      this.redis,
      this.key,
      String(stamp),
      JSON.stringify(value),
      this.lifetimeMs,
    )) as string | null;
    return newer === null ? null : this.parse(newer);
  }

  /**
   * Whether this caller should refresh the value now: true for one caller per `ms` across processes, so
   * an ageing value is recomputed once rather than by every process that reads it.
   */
  async claimRefresh(ms: number): Promise<boolean> {
    return (await this.redis.set(`${this.key}:refresh`, '1', 'PX', Math.ceil(ms), 'NX')) === 'OK';
  }

  private parse(stored: string): T {
    return this.revive(JSON.parse(stored.slice(stored.indexOf(':') + 1)));
  }
}
