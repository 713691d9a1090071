/** Delay before the second attempt; each further failure doubles it. */
export const FIRST_RETRY_DELAY_MS = 15_000;
/** The longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = 4 * 60 * 60 * 1000;
/** Attempts in all (the first send included) before a message is marked `failed`. */
export const MAX_ATTEMPTS = 16;

/**
 * How long to wait after the `attempts`-th failed attempt before trying again, or `null` when the
 * message should be given up. 15 s × 2^(n-1), capped at 4 h: 15 s, 30 s, 1 min, 2 min, … 2 h 8 min, then
 * 4 h five times; the 16th failure, about 24 h 16 min after the first, marks the message `failed`.
 */
export function retryDelayMs(attempts: number): number | null {
  return retrySchedule()(attempts);
}

/**
 * The same back-off with another first delay and number of attempts (MAIL_RETRY_FIRST_DELAY_SECONDS,
 * MAIL_MAX_ATTEMPTS): first × 2^(n-1), capped at 4 h, and `null` from the `maxAttempts`-th failure on.
 */
export function retrySchedule({
  firstDelayMs = FIRST_RETRY_DELAY_MS,
  maxAttempts = MAX_ATTEMPTS,
}: { firstDelayMs?: number; maxAttempts?: number } = {}): (attempts: number) => number | null {
  return (attempts) => {
    if (!Number.isInteger(attempts) || attempts < 1)
      throw new RangeError('attempts must be a whole number >= 1');
    if (attempts >= maxAttempts) return null;
    return Math.min(firstDelayMs * 2 ** (attempts - 1), MAX_RETRY_DELAY_MS);
  };
}

/** "15 s", "2 min", "4 h": for log lines. */
export function formatDelay(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  const hours = ms / 3_600_000;
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h`;
}
