/** Thousands separators of a number's digits: "1234567" → "1,234,567". */
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * Formats an amount in whole US cents for display, as Intl.NumberFormat('en-US', USD) would: 4049 →
 * "$40.49", 123456 → "$1,234.56", -500 → "-$5.00". The one money formatter of the app. Not Intl itself:
 * its first use in a page loads the locale's number data, some 20 ms of main-thread work on a desktop
 * (four times that on a phone) in the evaluation of the first bundle, one long task already.
 */
export function formatCents(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(THOUSANDS, ',');
  const rest = String(whole % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${dollars}.${rest}`;
}

/** A fraction of an amount in cents, rounded to the nearest cent the way the server does (whole percent). */
export function percentOfCents(cents: number, fraction: number): number {
  return Math.round((cents * Math.round(fraction * 100)) / 100);
}
