import type { TaxMode } from '../config/tax-config.js';
import type { OrderItemSnapshot } from '../orders/entities/order.entity.js';
import { taxLines } from '../tax/tax-math.js';
import type { BasisPoints } from '../tax/tax-rates.js';

export interface PricedCart {
  items: OrderItemSnapshot[];
  subtotalCents: number;
  discountCents: number;
  /** The tax in (inclusive) or on top of (exclusive) the discounted amount; 0 with tax off. */
  taxCents: number;
  totalCents: number;
}

/** How the cart is taxed: the mode (TAX_MODE) and the buyer's country's rate. */
export interface CartTax {
  mode: TaxMode;
  rate: BasisPoints;
}

interface CatalogPrice {
  id: string;
  title: string;
  currentPriceCents: number;
}

/**
 * The server's price of a cart, in integer cents: subtotal from the catalogue, discount =
 * round(subtotal × percentOff / 100), total = subtotal − discount (+ the tax when it is added). The tax
 * is figured per line after its share of the discount, half up (tax/tax-math.ts); with tax off it is zero,
 * the spec's "Taxes and fees $0.00". Lines of the same product are merged. Unknown products throw
 * UnknownProductError.
 */
export function priceCart(
  lines: { id: string; quantity: number }[],
  productOf: (id: string) => CatalogPrice | undefined,
  percentOff = 0,
  tax: CartTax = { mode: 'off', rate: 0 },
): PricedCart {
  const quantities = new Map<string, number>();
  for (const line of lines) quantities.set(line.id, (quantities.get(line.id) ?? 0) + line.quantity);
  const items = [...quantities].map(([id, quantity]) => {
    const product = productOf(id);
    if (!product) throw new UnknownProductError(id);
    return { productId: id, name: product.title, quantity, unitPriceCents: product.currentPriceCents };
  });
  const subtotalCents = items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
  const discountCents = Math.round((subtotalCents * percentOff) / 100);
  const taxed = taxLines(
    items.map((item) => item.unitPriceCents * item.quantity),
    discountCents,
    tax.rate,
    tax.mode,
  );
  return {
    items: taxed.taxCents ? items.map((item, i) => ({ ...item, taxCents: taxed.lineTaxCents[i]! })) : items,
    subtotalCents,
    discountCents,
    taxCents: taxed.taxCents,
    totalCents: taxed.totalCents,
  };
}

export class UnknownProductError extends Error {
  constructor(readonly productId: string) {
    super(`Unknown product: ${productId}`);
  }
}
