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

/** A period the Tax returns page offers: an ended quarter, or the running quarter or month so far. */
export interface ReturnPeriod {
  /** The option's value and label: `2026-Q3`, `2026-Q4 so far`, `November 2026 so far`. */
  label: string;
  /** Still running: the files cover its first day to today, and the OSS and UK figures are not made yet. */
  running: boolean;
  /** What the API is asked for: `quarter`, or the days `from` and `to` (UTC, both included). */
  query: { quarter: string } | { from: string; to: string };
}

const day = (at: Date) => at.toISOString().slice(0, 10);
const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The periods offered (#34): the running month and the running quarter so far (their first day to today,
 * UTC), then the last `count` quarters that ended.
 */
export function returnPeriods(now: Date, count = 8): ReturnPeriod[] {
  const today = day(now);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const quarterStart = new Date(Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3, 1));
  return [
    {
      label: `${monthName.format(now)} so far`,
      running: true,
      query: { from: day(monthStart), to: today },
    },
    { label: `${quarterOf(now)} so far`, running: true, query: { from: day(quarterStart), to: today } },
    ...endedQuarters(now, count).map((quarter) => ({ label: quarter, running: false, query: { quarter } })),
  ];
}
