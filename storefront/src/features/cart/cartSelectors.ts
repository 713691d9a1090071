import { createSelector } from '@reduxjs/toolkit';
import {
  selectCurrency,
  selectProductsResult,
  selectQueries,
  titleInAnyCatalogue,
} from '../../store/storeApi';
import type { Product } from '../../api/types';
import type { RootState } from '../../store/store';
import { percentOfCents } from '../../lib/money';
import { hasListPrice } from '../catalog/listPrice';
import { selectAppliedCoupon, selectCartLines } from '../../store/cart/cartSlice';
import type { CartItem } from '../../store/cart/types';

/*
 * The cart as shown, derived from its lines and the catalogue (the products query) in the store's currency,
 * never stored: a price is the catalogue's current one in that currency, whatever it was when the line was
 * added or in whichever currency (changing the currency prices the same lines again). They read the catalogue, so
 * this module comes with the RTK Query API, not with the first bundle of `/`; the count of licences, which
 * the lines alone give, is in cartSlice.ts.
 */

const NO_PRODUCTS: Product[] = [];

/** The catalogue once loaded, else an empty list. */
export const selectCatalogue = (state: RootState): Product[] =>
  selectProductsResult(state).data ?? NO_PRODUCTS;

/** Whether the catalogue is loaded: until then the lines have no titles or prices to show. */
export const selectCatalogueLoaded = (state: RootState): boolean =>
  selectProductsResult(state).data !== undefined;

export { selectCurrency };

/**
 * The lines with their products; a line whose product the catalogue does not hold is left out (a product
 * not sold in this currency: selectUnsoldLines).
 */
export const selectCartItems = createSelector([selectCartLines, selectCatalogue], (lines, products) => {
  const byId = new Map(products.map((product) => [product.id, product]));
  return lines.flatMap((line): CartItem[] => {
    const product = byId.get(line.id);
    // A line stored before the per-order maximum (or edited in the browser) counts as that maximum.
    return product ? [{ ...product, quantity: Math.min(line.quantity, product.maxQuantity) }] : [];
  });
});

/** Subtotal in cents: Σ current price × quantity, before any coupon. */
export const selectSubtotal = createSelector([selectCartItems], (items) =>
  items.reduce((sum, item) => sum + item.currentPriceCents * item.quantity, 0),
);

export const selectDiscount = createSelector([selectSubtotal, selectAppliedCoupon], (subtotal, coupon) =>
  coupon ? percentOfCents(subtotal, coupon.discount) : 0,
);

export const selectCartTotal = createSelector(
  [selectSubtotal, selectDiscount],
  (subtotal, discount) => subtotal - discount,
);

/** Product savings: Σ (list − current) × quantity, over the products whose list price has a stated source. */
export const selectSavings = createSelector([selectCartItems], (items) =>
  items.reduce(
    (sum, item) =>
      hasListPrice(item) ? sum + (item.originalPriceCents - item.currentPriceCents) * item.quantity : sum,
    0,
  ),
);

/** A line whose product the catalogue in the cart's currency does not hold: not sold in that currency. */
export interface UnsoldLine {
  id: string;
  quantity: number;
  /** From any currency's catalogue loaded; null when none holds it (then the default's is asked for). */
  title: string | null;
}

/** The lines the cart keeps but cannot be paid in its currency, once its catalogue is loaded. */
export const selectUnsoldLines = createSelector(
  [selectCartLines, (state: RootState) => selectProductsResult(state).data, selectQueries],
  (lines, products, queries): UnsoldLine[] => {
    if (!products) return [];
    const sold = new Set(products.map((product) => product.id));
    return lines
      .filter((line) => !sold.has(line.id))
      .map(({ id, quantity }) => ({ id, quantity, title: titleInAnyCatalogue(queries, id) }));
  },
);
