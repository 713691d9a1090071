import type { RefundRequest } from '@store/contracts';
import { formatMoney } from '../common/format';
import { notAnAmount } from '../common/MoneyInput';
import { productName } from '../common/products';
import type { OrderDetail } from './types';

/** What the Refund dialog's form holds: the amount in cents (MoneyInput; NaN for text that is no amount). */
export interface RefundValues {
  amount: number | null;
  reason: string;
  revokeKeys: boolean;
  licenseKeyIds: string[];
  notifyCustomer: boolean;
}

type RefundedOrder = Pick<
  OrderDetail,
  'totalCents' | 'refundableCents' | 'currency' | 'paymentMethod' | 'licenseKeys' | 'downloads'
>;

/**
 * Why the amount (in the order's currency) cannot be refunded, or undefined: more than nothing, never more
 * than is left.
 */
export function amountError(
  cents: number | null | undefined,
  { refundableCents, currency }: Pick<OrderDetail, 'refundableCents' | 'currency'>,
): string | undefined {
  if (cents === null || cents === undefined || Number.isNaN(cents))
    return notAnAmount(currency)(Number.NaN, {}, {}) as string;
  if (cents <= 0) return `The amount must be more than ${formatMoney(0, currency)}`;
  if (cents > refundableCents) return `At most ${formatMoney(refundableCents, currency)} is left to refund`;
  return undefined;
}

/** The keys a refund may revoke: the order's working ones, grouped by product in the order's key order. */
export function keysByProduct(order: Pick<OrderDetail, 'licenseKeys'>) {
  const groups = new Map<string, OrderDetail['licenseKeys']>();
  for (const key of order.licenseKeys ?? [])
    if (key.status === 'active') groups.set(key.productId, [...(groups.get(key.productId) ?? []), key]);
  return [...groups].map(([productId, keys]) => ({ productId, keys }));
}

const isFull = (order: RefundedOrder, cents: number) => cents >= order.refundableCents;

/**
 * Whether the form asks staff to pick keys: a valid amount below what is left (a partial refund), revoking
 * keys, and keys to pick.
 */
export function picksKeys(
  order: RefundedOrder,
  values: Pick<RefundValues, 'amount' | 'revokeKeys'>,
): boolean {
  const cents = values.amount;
  return (
    values.revokeKeys &&
    !amountError(cents, order) &&
    !isFull(order, cents!) &&
    keysByProduct(order).length > 0
  );
}

/** Why a partial refund that revokes keys cannot be sent yet, or undefined. */
export function keysError(order: RefundedOrder, values: RefundValues): string | undefined {
  return picksKeys(order, values) && (values.licenseKeyIds ?? []).length === 0
    ? 'Pick the licence keys this refund covers, or untick "Revoke licence keys"'
    : undefined;
}

/** The request the form's values make: keys named only for a partial refund that revokes them. */
export function refundRequest(order: RefundedOrder, values: RefundValues): RefundRequest {
  const amountCents = values.amount ?? 0;
  const full = isFull(order, amountCents);
  const keys = picksKeys(order, values) ? values.licenseKeyIds : [];
  // A partial refund revokes the keys picked, and nothing when none are.
  return {
    amountCents,
    reason: values.reason.trim(),
    revokeKeys: values.revokeKeys && (full || keys.length > 0),
    notifyCustomer: values.notifyCustomer,
    ...(!full && keys.length ? { licenseKeyIds: keys } : {}),
  };
}

/** Where the money goes, by payment method (the refund e-mail's list, backend/src/fulfilment/refund-email.ts). */
const DESTINATIONS: Record<string, string> = {
  card: 'to the card',
  paypal: 'to the PayPal account',
  bank_transfer: 'to the bank account',
  // A bank transfer (Stripe's customer balance) and the bank redirects go back to the account paid from.
  customer_balance: 'to the bank account',
  ideal: 'to the bank account',
  bancontact: 'to the bank account',
  eps: 'to the bank account',
  link: 'to the card',
  demo: 'to the demo payment (no money moves)',
  demo_wallet: 'to the demo payment (no money moves)',
  demo_delayed: 'to the demo payment (no money moves)',
  demo_bank_transfer: 'to the demo payment (no money moves)',
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const listed = (names: string[]) =>
  names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * What the refund will do, in one paragraph, as the server does it once the provider confirms it
 * (RefundsService.settle): the money, the keys (all of them for a full refund, the picked ones for a
 * partial one, whose products lose their download links when no working key of theirs is left), the e-mail.
 */
export function refundSentence(order: RefundedOrder, values: RefundValues): string {
  const cents = values.amount ?? 0;
  const full = isFull(order, cents);
  const to = DESTINATIONS[order.paymentMethod ?? 'card'] ?? `to the ${order.paymentMethod} payment`;
  const earlier = order.totalCents - order.refundableCents;
  const amount = formatMoney(cents, order.currency);
  const total = formatMoney(order.totalCents, order.currency);
  const money = !full
    ? `Refund ${amount} of ${total} ${to}.`
    : earlier > 0
      ? `Refund ${amount}, all that is left of ${total}, ${to}.`
      : `Refund ${amount}, the whole payment, ${to}.`;

  const keys = order.licenseKeys ?? [];
  const activeLinks = (order.downloads ?? []).filter((link) => link.isActive);
  const picked = new Set(picksKeys(order, values) ? values.licenseKeyIds : []);
  let effect: string;
  if (!values.revokeKeys || (!full && picked.size === 0)) {
    effect = 'No licence key will be revoked.';
  } else if (full) {
    const working = keys.filter((key) => key.status !== 'revoked').length;
    const links = activeLinks.length ? ' and its download links disabled' : '';
    effect =
      working === 0
        ? activeLinks.length
          ? 'The order has no licence key to revoke; its download links will be disabled.'
          : 'The order has no licence key to revoke.'
        : working === 1
          ? `1 licence key will be revoked${links}.`
          : `All ${working} licence keys will be revoked${links.replace('its', 'their')}.`;
  } else {
    const emptied = [...new Set(activeLinks.map((link) => link.productId))].filter((productId) =>
      keys.every((key) => key.productId !== productId || key.status === 'revoked' || picked.has(key.id)),
    );
    const revoked = `${count(picked.size, 'licence key', 'licence keys')} will be revoked`;
    effect =
      emptied.length === 0
        ? `${revoked}; the download links stay active for the keys left.`
        : `${revoked} and the download links of ${listed(emptied.map((id) => productName(id)))} disabled.`;
  }
  const mail = values.notifyCustomer
    ? 'The customer will be e-mailed.'
    : 'The customer will not be e-mailed.';
  return `${money} ${effect} ${mail}`;
}
