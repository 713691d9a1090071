import type { Redis } from 'ioredis';
import type { LeaseStore } from './lease-store.js';

/**
 * Takes the lease if it is free (SET NX PX), or extends it if it is still ours; atomic, so a lease that
 * expired between the two steps cannot be extended for a holder who lost it.
 * KEYS: the lease. ARGV: holder, ttl ms. Answers 1 when the holder holds it now, else 0.
 */
const CLAIM = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
`;

/** Deletes the lease only if it is still ours. KEYS: the lease. ARGV: holder. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

type LeaseScript = (key: string, ...args: (string | number)[]) => Promise<number>;

/** Leases as Redis keys that expire by Redis's clock: `<prefix>lease:<job>` = the holder. */
export class RedisLeaseStore implements LeaseStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {
    if (!('leaseClaim' in redis)) redis.defineCommand('leaseClaim', { numberOfKeys: 1, lua: CLAIM });
    if (!('leaseRelease' in redis)) redis.defineCommand('leaseRelease', { numberOfKeys: 1, lua: RELEASE });
  }

  async claim(job: string, holder: string, ttlMs: number): Promise<boolean> {
    const claim = (this.redis as unknown as { leaseClaim: LeaseScript }).leaseClaim;
    return (await claim.call(this.redis, this.key(job), holder, Math.ceil(ttlMs))) === 1;
  }

  async release(job: string, holder: string): Promise<void> {
    const release = (this.redis as unknown as { leaseRelease: LeaseScript }).leaseRelease;
    await release.call(this.redis, this.key(job), holder);
  }

  private key(job: string): string {
    return `${this.keyPrefix}lease:${job}`;
  }
}
