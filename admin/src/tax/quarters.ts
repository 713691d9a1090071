/** `2026-Q4`: a quarter of UTC time, as the API names it. */
export const quarterOf = (at: Date) => `${at.getUTCFullYear()}-Q${Math.floor(at.getUTCMonth() / 3) + 1}`;

/**
 * The last `count` quarters that have ended, the latest first (the one a return is due for): on
 * 2027-01-15 that is 2026-Q4, 2026-Q3, …
 */
export function endedQuarters(now: Date, count = 8): string[] {
  const quarters: string[] = [];
  // The first month of the current quarter, counted from year 0, then back three months at a time.
  let month = now.getUTCFullYear() * 12 + Math.floor(now.getUTCMonth() / 3) * 3;
  for (let i = 0; i < count; i++) {
    month -= 3;
    quarters.push(quarterOf(new Date(Date.UTC(Math.floor(month / 12), month % 12, 1))));
  }
  return quarters;
}
