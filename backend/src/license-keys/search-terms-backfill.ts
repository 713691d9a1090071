import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { BackfillBatch, BackfillJob } from '../backfills/backfill-job.js';
import { Backfills } from '../backfills/backfills.service.js';
import { LicenseKeyCipher } from './license-key-cipher.js';
import { insertSearchTerms, keysWithoutSearchTerms } from './license-keys.js';

/** Its name in `backfills` (queued by KeySearchBackfill1766000000000). */
export const SEARCH_TERMS_BACKFILL = 'license-key-search-terms';
/**
 * Keys a batch decrypts and gives terms to (16 terms each: 4,000 rows a transaction): small enough that
 * SQLite, whose statements hold the event loop, answers other requests between batches within a blink.
 */
const BATCH = 250;

/**
 * Gives search terms to the keys stored before search terms existed (a database of the 2026-11-23
 * release), in the background (Backfills). Until it is done, the keys list says key search may miss them
 * (BackfillNotice); a key found by its full key, product or order is found as always. A key that does not
 * decrypt is passed over (LicenseKeyCipher.readable logs it).
 */
@Injectable()
export class SearchTermsBackfill implements BackfillJob, OnModuleInit {
  readonly name = SEARCH_TERMS_BACKFILL;
  readonly rows = 'licence keys';

  constructor(
    private readonly backfills: Backfills,
    private readonly cipher: LicenseKeyCipher,
  ) {}

  onModuleInit(): void {
    this.backfills.register(this);
  }

  remaining(db: DataSource, lastId: string): Promise<number> {
    return keysWithoutSearchTerms(db, lastId).getCount();
  }

  async next(db: DataSource, lastId: string): Promise<BackfillBatch | null> {
    const keys = await keysWithoutSearchTerms(db, lastId)
      .select(['k.id', 'k.keyCiphertext'])
      .orderBy('k.id')
      .limit(BATCH)
      .getMany();
    if (!keys.length) return null;
    const rows = keys.flatMap((key) => {
      const plain = this.cipher.readable(key);
      return plain === null ? [] : this.cipher.searchTerms(plain).map((term) => ({ term, keyId: key.id }));
    });
    return {
      lastId: keys.at(-1)!.id,
      rows: keys.length,
      // Ignoring duplicates: a key rotate-secrets gave terms to meanwhile keeps them.
      write: (m) => insertSearchTerms(m, rows, { skipDuplicates: true }),
    };
  }
}
