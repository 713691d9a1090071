/** Where the leases of JobLeases are kept: Redis (REDIS_URL) or the database. */
export interface LeaseStore {
  /**
   * Takes `job`'s lease for `holder` when nobody holds it or its holder let it expire, or extends it by
   * `ttlMs` when `holder` already holds it. Answers whether `holder` holds it now.
   */
  claim(job: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease back if `holder` still holds it (another process may take it at once). */
  release(job: string, holder: string): Promise<void>;
}
