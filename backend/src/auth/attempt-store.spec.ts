import { MemoryAttemptStore } from './attempt-store.js';

describe('MemoryAttemptStore', () => {
  let now = 1_000_000;
  const store = new MemoryAttemptStore(() => now);

  it('counts in a fixed window that ends ttl after the first attempt', async () => {
    expect(await store.hit('fixed', 1000, false)).toEqual({ count: 1, lastAt: now, expiresAt: now + 1000 });
    now += 600;
    expect(await store.hit('fixed', 1000, false)).toMatchObject({ count: 2, expiresAt: now + 400 });
    now += 400;
    expect(await store.get('fixed')).toBeNull();
    expect((await store.hit('fixed', 1000, false)).count).toBe(1);
  });

  it('pushes a sliding counter’s end with each attempt, and forgets it when deleted', async () => {
    await store.hit('sliding', 1000, true);
    now += 900;
    await store.hit('sliding', 1000, true);
    now += 900;
    expect(await store.get('sliding')).toMatchObject({ count: 2, lastAt: now - 900 });
    await store.delete('sliding');
    expect(await store.get('sliding')).toBeNull();
  });
});
