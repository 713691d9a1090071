import {
  FIRST_RETRY_DELAY_MS,
  formatDelay,
  MAX_ATTEMPTS,
  MAX_RETRY_DELAY_MS,
  retryDelayMs,
  retrySchedule,
} from './retry-schedule.js';

describe('retryDelayMs (outbox back-off)', () => {
  it('retries the first failure within 30 seconds', () => {
    expect(retryDelayMs(1)).toBe(15_000);
    expect(retryDelayMs(1)).toBeLessThanOrEqual(30_000);
  });

  it('doubles the delay after each failure', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n))).toEqual([
      15_000, 30_000, 60_000, 120_000, 240_000, 480_000,
    ]);
  });

  it('never waits more than four hours between attempts', () => {
    expect(retryDelayMs(10)).toBe(FIRST_RETRY_DELAY_MS * 2 ** 9);
    expect(retryDelayMs(11)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(15)).toBe(MAX_RETRY_DELAY_MS);
    for (let n = 1; n < MAX_ATTEMPTS; n++) expect(retryDelayMs(n)).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
  });

  it('gives up at the sixteenth failure, about a day after the first', () => {
    expect(MAX_ATTEMPTS).toBe(16);
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeNull();
    expect(retryDelayMs(MAX_ATTEMPTS + 3)).toBeNull();
    let total = 0;
    for (let n = 1; n < MAX_ATTEMPTS; n++) total += retryDelayMs(n)!;
    const hours = total / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThan(26);
  });

  it('refuses a nonsensical attempt count', () => {
    expect(() => retryDelayMs(0)).toThrow(RangeError);
    expect(() => retryDelayMs(1.5)).toThrow(RangeError);
  });

  it('takes another first delay and number of attempts from the settings', () => {
    const quick = retrySchedule({ firstDelayMs: 1_000, maxAttempts: 4 });
    expect([1, 2, 3, 4, 5].map((n) => quick(n))).toEqual([1_000, 2_000, 4_000, null, null]);
    expect(retrySchedule({ firstDelayMs: 3_600_000, maxAttempts: 100 })(20)).toBe(MAX_RETRY_DELAY_MS);
    expect(retrySchedule({ maxAttempts: 1 })(1)).toBeNull();
    expect(() => quick(0)).toThrow(RangeError);
  });

  it('formats delays for the log', () => {
    expect(formatDelay(15_000)).toBe('15 s');
    expect(formatDelay(120_000)).toBe('2 min');
    expect(formatDelay(4 * 3_600_000)).toBe('4 h');
    expect(formatDelay(7_680_000)).toBe('2.1 h');
  });
});
