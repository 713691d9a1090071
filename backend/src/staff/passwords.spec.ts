import { hashPassword, PRODUCTION_HASH_COST, TEST_HASH_COST, verifyPassword } from './passwords.js';

describe('staff password hashes', () => {
  it('are made at the argon2 library’s default cost outside the tests', async () => {
    expect(PRODUCTION_HASH_COST).toEqual({ memoryCost: 65_536, timeCost: 3, parallelism: 4 });
    expect(await hashPassword('Summer2026!', PRODUCTION_HASH_COST)).toMatch(
      /^\$argon2id\$v=19\$m=65536,p=4,t=3\$/,
    );
  });

  it('are made at the cheap cost under NODE_ENV=test', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    expect(await hashPassword('Summer2026!')).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
  });

  it.each([
    ['production', PRODUCTION_HASH_COST],
    ['test', TEST_HASH_COST],
  ] as const)('verify at whichever cost made them (%s)', async (_name, cost) => {
    const hash = await hashPassword('Summer2026!', cost);
    expect(await verifyPassword(hash, 'Summer2026!')).toBe(true);
    expect(await verifyPassword(hash, 'Summer2026?')).toBe(false);
  });
});
