import { formatMoney, money, type Currency, type Money } from '../common/money.js';

/**
 * Bank transfers, for large orders (#35 §2; decision 2026-11-29-bank-transfers-for-large-orders): the buyer
 * sends the total from their bank to the account details Stripe gives for the order (Stripe's customer
 * balance, funded by bank transfer), and the keys follow once it has arrived. Offered in the currencies
 * Stripe takes bank transfers in (of the store's: USD, EUR, GBP, JPY), from about $500: the refund policy's
 * "bank transfer (purchases over $500)". Nothing is delivered or held for the order meanwhile; an order
 * whose transfer has not arrived after BANK_TRANSFER_DAYS is cancelled.
 */
const BANK_TRANSFER_FROM: Partial<Record<Currency, number>> = {
  USD: 50_000,
  EUR: 50_000,
  GBP: 40_000,
  JPY: 75_000,
};

/** Days after checkout that an order waits for its bank transfer before it is cancelled. */
export const BANK_TRANSFER_DAYS = 7;

/** How the payment is recorded (`paymentMethod`): Stripe's method type, and the demo provider's stand-in. */
export const BANK_TRANSFER_METHOD = 'customer_balance';
export const DEMO_BANK_TRANSFER_METHOD = 'demo_bank_transfer';

export function isBankTransfer(paymentMethod: string | null): boolean {
  return paymentMethod === BANK_TRANSFER_METHOD || paymentMethod === DEMO_BANK_TRANSFER_METHOD;
}

/** Whether a total can be paid by bank transfer: its currency takes them, and it is large enough. */
export function bankTransferOffered(total: Money): boolean {
  const from = BANK_TRANSFER_FROM[total.currency];
  return from !== undefined && total.cents >= from;
}

/** The refusal of a bank transfer for a total that cannot be paid by one, in the buyer's words. */
export function bankTransferRefusal(currency: Currency): string {
  const from = BANK_TRANSFER_FROM[currency];
  const offered = Object.entries(BANK_TRANSFER_FROM)
    .map(([code, cents]) => formatMoney(money(cents, code as Currency)))
    .join(', ');
  return from === undefined
    ? `A bank transfer is not offered in ${currency}: it is offered for orders of at least ${offered}`
    : `A bank transfer is offered for orders of at least ${formatMoney(money(from, currency))}`;
}

/**
 * Stripe's kind of bank transfer for the currency (`payment_method_options.customer_balance.bank_transfer`),
 * and for euros the country of the account the buyer pays to (one of Stripe's: the buyer's when it is one,
 * otherwise Germany).
 */
export function stripeBankTransfer(
  currency: Currency,
  billingCountry: string | null,
):
  | { type: 'us_bank_transfer' | 'gb_bank_transfer' | 'jp_bank_transfer' }
  | { type: 'eu_bank_transfer'; eu_bank_transfer: { country: string } }
  | null {
  switch (currency) {
    case 'USD':
      return { type: 'us_bank_transfer' };
    case 'GBP':
      return { type: 'gb_bank_transfer' };
    case 'JPY':
      return { type: 'jp_bank_transfer' };
    case 'EUR': {
      const country = ['BE', 'DE', 'ES', 'FR', 'IE', 'NL'].includes(billingCountry ?? '')
        ? billingCountry!
        : 'DE';
      return { type: 'eu_bank_transfer', eu_bank_transfer: { country } };
    }
    default:
      return null;
  }
}

/** What the buyer needs to send the transfer, as the provider gives it (each part when it says). */
export interface BankTransferInstructions {
  /** The reference to give with the transfer, which matches it to the order. */
  reference: string | null;
  /** Still to send, in the order's minor units (less than the total when part has arrived). */
  amountRemainingCents: number | null;
  /** The provider's page with the account to pay into and how. */
  instructionsUrl: string | null;
}
