import type { DataSource, EntityManager } from 'typeorm';

/** Sent, naming the backfill, with an answer that may be incomplete until that backfill is done. */
export const BACKFILL_HEADER = 'X-Backfill-Running';

/**
 * A backfill's work: the rows it gives something to, read in id order a batch at a time. Registered with
 * Backfills by the module that owns the rows, under the name its migration queued it with.
 */
export interface BackfillJob {
  /** Its row in `backfills`. */
  readonly name: string;
  /** What its rows are, for the progress log ("licence keys"). */
  readonly rows: string;
  /** How many rows are left after `lastId`, for the progress log (an estimate is enough). */
  remaining(db: DataSource, lastId: string, queuedAt: Date): Promise<number>;
  /**
   * Reads the batch after `lastId` (outside a transaction: decrypting or adding up takes no lock) and
   * answers what to write for it, or null when no row is left. `queuedAt` parts the rows that are the
   * backfill's (written before) from those this version's code already looked after.
   */
  next(db: DataSource, lastId: string, queuedAt: Date): Promise<BackfillBatch | null>;
}

export interface BackfillBatch {
  /** The id of the last row read: the next batch starts after it. */
  lastId: string;
  /** Rows read. */
  rows: number;
  /** Writes what the batch gives its rows, in the transaction that also moves the backfill past them. */
  write(m: EntityManager): Promise<void>;
}
