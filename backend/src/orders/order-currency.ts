import { isCurrency, money, type Currency, type Money } from '../common/money.js';

/**
 * A currency code as a row holds it (an order, a refund, dispute or tax document of it, a key batch), as a
 * Currency. Rows written before #35 held Stripe's lower case (`usd`); the upgrade turns them upper-case, but
 * a replica of the previous release still writes `usd` during a rolling upgrade, so the code is read
 * upper-case. An unknown one is an error, never a text in a guessed currency.
 */
export function storedCurrency(text: string): Currency {
  const code = text.toUpperCase();
  if (!isCurrency(code)) throw new Error(`Not a currency the store sells in: ${text}`);
  return code;
}

/** The currency of a row holding one (an order, or a refund, dispute or tax document of it). */
export function currencyOf(row: { readonly currency: string }): Currency {
  return storedCurrency(row.currency);
}

/** `cents` in the currency of `row` (an order, or a refund, dispute or document of it). */
export function amountOf(cents: number, row: { readonly currency: string }): Money {
  return money(cents, currencyOf(row));
}
