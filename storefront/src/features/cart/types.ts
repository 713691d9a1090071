/** A line of the cart: the product's display fields and prices (cents) plus how many. */
export interface CartItem {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  includedApps: { name: string; icon: string }[];
  compatibility: string[];
  originalPrice: string;
  currentPrice: string;
  originalPriceCents: number;
  currentPriceCents: number;
  savings: string;
  quantity: number;
}

/** What can be added to the cart: a product as the catalogue answers it. */
export type CartProduct = Omit<CartItem, 'quantity'>;

/** A coupon the server accepted: its code and the fraction it takes off the subtotal. */
export interface AppliedCoupon {
  code: string;
  discount: number;
}
