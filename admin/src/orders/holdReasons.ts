import { countOf } from '@store/contracts';

/** Each fraud rule that can hold an order (backend reviews/hold-rules.service.ts), in staff's words. */
export const HOLD_REASON_LABELS: Record<string, string> = {
  'provider-review': 'Stripe review',
  'elevated-risk': 'Elevated risk (Stripe)',
  'country-mismatch': 'Countries disagree',
  'tax-evidence': 'Tax country in doubt',
  'vat-number-review': 'VAT number’s company unconfirmed',
  'velocity-orders': 'Many orders in an hour',
  'velocity-cards': 'Several cards in an hour',
  'first-order-amount': 'Large first order',
  'disposable-email': 'Disposable e-mail',
};

export const holdReasonLabel = (reason: string) => HOLD_REASON_LABELS[reason] ?? reason;

/** How long an order has been held, in hours or days (the queue's age column). */
export function heldFor(heldAt: string | null | undefined, now = Date.now()): string {
  if (!heldAt) return '';
  const hours = Math.max(0, Math.floor((now - new Date(heldAt).getTime()) / 3_600_000));
  if (hours < 1) return 'under 1 hour';
  if (hours < 48) return countOf(hours, 'hour');
  return countOf(Math.floor(hours / 24), 'day');
}
