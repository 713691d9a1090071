/**
 * Column option for identities and secrets looked up by value (customer e-mails, usernames, tokens,
 * lookup hashes, coupon codes, provider and idempotency ids): compared byte for byte. MySQL/MariaDB's
 * default collations ignore case and accents, so `victim@cömpany.com` would find `victim@company.com`.
 * Not `ascii_bin`: comparing an ascii_bin column with a non-ASCII value is an error there (a 500).
 * TypeORM reads the name only on MySQL/MariaDB; SQLite compares bytes already (its default BINARY; none
 * of these columns is NOCASE). The migrations set it; test/schema.e2e-spec.ts checks the tables agree.
 */
export const EXACT = { collation: 'utf8mb4_bin' } as const;
