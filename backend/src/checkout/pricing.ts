import type { CartDiscount } from '../coupons/cart-discount.js';
import type { TaxMode } from '../config/tax-config.js';
import type { OrderItemSnapshot, VatNameMatch, VatNumberStatus } from '../orders/entities/order.entity.js';
import { lineTax, taxLines } from '../tax/tax-math.js';
import { EU_COUNTRIES, type BasisPoints } from '../tax/tax-rates.js';

export interface PricedCart {
  items: OrderItemSnapshot[];
  subtotalCents: number;
  discountCents: number;
  /** The tax in (inclusive) or on top of (exclusive) the discounted amount; 0 with tax off. */
  taxCents: number;
  /** The rate charged: the country's, or 0 when reverse-charged. */
  taxRate: BasisPoints;
  reverseCharge: boolean;
  totalCents: number;
}

/**
 * How the cart is taxed: the mode (TAX_MODE), the buyer's country's rate, and whether the sale is
 * reverse-charged (see reverseCharges).
 */
export interface CartTax {
  mode: TaxMode;
  rate: BasisPoints;
  reverseCharge?: boolean;
}

/**
 * Whether a sale is reverse-charged (#20 §4): with tax on, to a business whose VAT number was verified,
 * billed in an EU member state other than the seller's (SELLER_COUNTRY; a seller outside the EU, or not
 * set, has no member state of its own). The buyer then accounts for the VAT itself and the store charges
 * none. A domestic business sale, an unverified number, a number whose registered company is not the one
 * typed (`vatNameMatch` mismatch: VAT numbers are public, #32 §1) or a UK buyer is taxed as a consumer's.
 * A number whose member state discloses no name is reverse-charged, and its paid order held for review.
 */
export function reverseCharges(sale: {
  mode: TaxMode;
  billingCountry: string;
  vatNumberStatus: VatNumberStatus | null;
  vatNameMatch: VatNameMatch | null;
  sellerCountry: string | null;
}): boolean {
  return (
    sale.mode !== 'off' &&
    sale.vatNumberStatus === 'verified' &&
    sale.vatNameMatch !== 'mismatch' &&
    EU_COUNTRIES.includes(sale.billingCountry) &&
    sale.billingCountry !== sale.sellerCountry
  );
}

const NO_DISCOUNT: CartDiscount = { percentOff: 0 };

function discountOf(subtotalCents: number, discount: CartDiscount): number {
  if ('amountOffCents' in discount) return Math.min(discount.amountOffCents, subtotalCents);
  return Math.round((subtotalCents * discount.percentOff) / 100);
}

interface CatalogPrice {
  id: string;
  title: string;
  currentPriceCents: number;
}

/**
 * The server's price of a cart, in integer minor units of one currency (`productOf` answers that currency's
 * prices): subtotal from the price list, discount = round(subtotal × percentOff / 100) or the amount off
 * (at most the subtotal), total = subtotal − discount (+ the tax when it is added). The tax
 * is figured per line after its share of the discount, half up (tax/tax-math.ts); with tax off it is zero,
 * the spec's "Taxes and fees $0.00". A reverse-charged cart is priced net, without tax: at the catalogue's
 * prices when tax is added to them (exclusive), and when they include it (inclusive), at each unit's
 * price less the VAT of the buyer's country it contains, so a business never pays VAT it cannot be
 * charged; the order then reads as one at those prices. Lines of the same product are merged. Unknown
 * products throw UnknownProductError.
 */
export function priceCart(
  lines: { id: string; quantity: number }[],
  productOf: (id: string) => CatalogPrice | undefined,
  discount: CartDiscount = NO_DISCOUNT,
  tax: CartTax = { mode: 'off', rate: 0 },
): PricedCart {
  const reverseCharge = !!tax.reverseCharge && tax.mode !== 'off';
  const unitPrice = (listCents: number) =>
    reverseCharge && tax.mode === 'inclusive'
      ? listCents - lineTax(listCents, tax.rate, 'inclusive')
      : listCents;
  const quantities = new Map<string, number>();
  for (const line of lines) quantities.set(line.id, (quantities.get(line.id) ?? 0) + line.quantity);
  const items = [...quantities].map(([id, quantity]) => {
    const product = productOf(id);
    if (!product) throw new UnknownProductError(id);
    return {
      productId: id,
      name: product.title,
      quantity,
      unitPriceCents: unitPrice(product.currentPriceCents),
    };
  });
  const subtotalCents = items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
  const discountCents = discountOf(subtotalCents, discount);
  const taxRate = reverseCharge ? 0 : tax.rate;
  const taxed = taxLines(
    items.map((item) => item.unitPriceCents * item.quantity),
    discountCents,
    taxRate,
    tax.mode,
  );
  return {
    items: taxed.taxCents ? items.map((item, i) => ({ ...item, taxCents: taxed.lineTaxCents[i]! })) : items,
    subtotalCents,
    discountCents,
    taxCents: taxed.taxCents,
    taxRate: tax.mode === 'off' ? 0 : taxRate,
    reverseCharge,
    totalCents: taxed.totalCents,
  };
}

export class UnknownProductError extends Error {
  constructor(readonly productId: string) {
    super(`Unknown product: ${productId}`);
  }
}
