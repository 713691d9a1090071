const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 4049 → "$40.49". The only place the API turns cents into display text. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}
