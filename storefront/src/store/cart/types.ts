import type { Product } from '../../api/types';

export type { AppliedCoupon } from '../../api/types';

/** What the cart stores of a line: the product's id and how many. Prices come from the catalogue. */
export interface CartLine {
  id: string;
  quantity: number;
}

/** A line as shown: the product as the catalogue answers it, plus how many. */
export interface CartItem extends Product {
  quantity: number;
}
