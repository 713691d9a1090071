/**
 * Whether a Stripe-Signature header (`t=<unix seconds>,v1=…`) was signed more than `toleranceSeconds`
 * ahead of `nowMs`. Stripe's SDK refuses only timestamps too far in the past: a signature dated in the
 * future would be replayable for as long as its date lies ahead.
 */
export function signedInTheFuture(header: string, toleranceSeconds: number, nowMs = Date.now()): boolean {
  const timestamp = /(?:^|,)\s*t=(\d+)\s*(?:,|$)/.exec(header)?.[1];
  return timestamp !== undefined && Number(timestamp) - nowMs / 1000 > toleranceSeconds;
}
