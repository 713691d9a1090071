import argon2 from 'argon2';

/** The argon2id cost of staff password hashes: the argon2 library's defaults, pinned here. */
export const PRODUCTION_HASH_COST = { memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;

/**
 * The cost under NODE_ENV=test (Jest sets it; the store serves customers only with NODE_ENV=production):
 * at the production cost the suites that sign staff in spend minutes hashing.
 */
export const TEST_HASH_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

const HASH_COST = process.env.NODE_ENV === 'test' ? TEST_HASH_COST : PRODUCTION_HASH_COST;

/** Staff passwords are hashed with argon2id; a hash records its cost, so any hash verifies. */
export function hashPassword(
  password: string,
  cost: typeof PRODUCTION_HASH_COST | typeof TEST_HASH_COST = HASH_COST,
): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
