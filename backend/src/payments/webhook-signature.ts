/**
 * Whether a Stripe-Signature header (`t=<unix seconds>,v1=…`) was signed more than `toleranceSeconds`
 * ahead of `nowMs`. Stripe's SDK refuses only timestamps too far in the past: a signature dated in the
 * future would be replayable for as long as its date lies ahead. The date is read exactly as the SDK
 * reads the one it checks the signature with (the last `t=` item, through parseInt), so that no other
 * spelling of the header (`t=<now>,t=<future>`, `t=<future>x`) passes one check and not the other.
 */
export function signedInTheFuture(header: string, toleranceSeconds: number, nowMs = Date.now()): boolean {
  const items = header.split(',').map((item) => item.split('='));
  const timestamp = items.findLast(([key]) => key === 't')?.[1];
  return timestamp !== undefined && parseInt(timestamp, 10) - nowMs / 1000 > toleranceSeconds;
}
