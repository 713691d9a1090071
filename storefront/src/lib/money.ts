const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Formats an amount in US cents for display, e.g. 4049 → "$40.49". The one money formatter of the app. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** A fraction of an amount in cents, rounded to the nearest cent the way the server does (whole percent). */
export function percentOfCents(cents: number, fraction: number): number {
  return Math.round((cents * Math.round(fraction * 100)) / 100);
}
