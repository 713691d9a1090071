import type { OrderItemSnapshot } from '../orders/entities/order.entity.js';

export interface PricedCart {
  items: OrderItemSnapshot[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
}

interface CatalogPrice {
  id: string;
  title: string;
  currentPriceCents: number;
}

/**
 * The server's price of a cart, in integer cents: subtotal from the catalogue, discount =
 * round(subtotal × percentOff / 100), total = subtotal − discount; taxes and fees are zero.
 * Lines of the same product are merged. Unknown products throw UnknownProductError.
 */
export function priceCart(
  lines: { id: string; quantity: number }[],
  productOf: (id: string) => CatalogPrice | undefined,
  percentOff = 0,
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
  return { items, subtotalCents, discountCents, totalCents: subtotalCents - discountCents };
}

export class UnknownProductError extends Error {
  constructor(readonly productId: string) {
    super(`Unknown product: ${productId}`);
  }
}
