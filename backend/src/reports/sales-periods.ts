/** How the sales report groups its days. */
export const SALES_INTERVALS = ['day', 'week', 'month'] as const;
export type SalesInterval = (typeof SALES_INTERVALS)[number];

/** The longest range each interval may span, in days (both ends included): ~1, 3 and 10 years of periods. */
export const MAX_RANGE_DAYS: Record<SalesInterval, number> = { day: 366, week: 1096, month: 3660 };

const DAY_MS = 86_400_000;

/** A `YYYY-MM-DD` that names a real day, as a UTC midnight; null otherwise (`2026-02-30`). */
export function parseDay(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : date;
}

export function daysBetween(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
}

/**
 * The period a day falls in, named by its first day: the day itself, the Monday of its ISO week, or the
 * first of its month (`YYYY-MM-DD` always).
 */
export function periodOf(day: string, interval: SalesInterval): string {
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** Every period that has a day in from..to, in order (the first may start before `from`). */
export function periodsBetween(from: Date, to: Date, interval: SalesInterval): string[] {
  const periods: string[] = [];
  for (let t = from.getTime(); t <= to.getTime(); t += DAY_MS) {
    const period = periodOf(new Date(t).toISOString().slice(0, 10), interval);
    if (periods.at(-1) !== period) periods.push(period);
  }
  return periods;
}
