import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_CURRENCY, type Currency } from '../../api/currencies';
import type { AppliedCoupon, CartLine } from './types';

/**
 * What the shopper chose: the lines (product id and quantity), the coupon the server accepted, the currency
 * and whether the dialog is open. Everything shown from it (titles, prices, totals) is derived by the selectors in
 * cartSelectors.ts from these and the catalogue.
 */
export interface CartState {
  items: CartLine[];
  isOpen: boolean;
  appliedCoupon: AppliedCoupon | null;
  /** True until the stored cart has been read. */
  isLoading: boolean;
  /**
   * The currency the cart is priced and paid in (#35): the buyer's choice, else a suggestion (the browser's
   * language), else the store's original offer. Shown only where the store sells it (cartSelectors.ts).
   */
  currency: Currency;
  /** The buyer chose `currency` (kept with the cart): no suggestion replaces it. */
  currencyChosen: boolean;
}

export const initialCartState: CartState = {
  items: [],
  isOpen: false,
  appliedCoupon: null,
  isLoading: true,
  currency: DEFAULT_CURRENCY,
  currencyChosen: false,
};

const lineOf = ({ id, quantity }: CartLine): CartLine => ({ id, quantity });

const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /**
     * Adds one of a product (anything with the catalogue's id, and its `maxQuantity` per order), and opens
     * the cart. A line already at the product's maximum stays there.
     */
    addItem(state, action: PayloadAction<{ id: string; maxQuantity?: number }>) {
      const { id, maxQuantity = Infinity } = action.payload;
      const existing = state.items.find((item) => item.id === id);
      if (existing) existing.quantity = Math.min(existing.quantity + 1, maxQuantity);
      else state.items.push({ id, quantity: 1 });
      state.isOpen = true;
    },
    removeItem(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
    updateQuantity(state, action: PayloadAction<{ id: string; quantity: number }>) {
      const { id, quantity } = action.payload;
      if (quantity <= 0) state.items = state.items.filter((item) => item.id !== id);
      else {
        const item = state.items.find((i) => i.id === id);
        if (item) item.quantity = Math.floor(quantity);
      }
    },
    clearCart(state) {
      state.items = [];
      state.appliedCoupon = null;
    },
    toggleCart(state) {
      state.isOpen = !state.isOpen;
    },
    setCartOpen(state, action: PayloadAction<boolean>) {
      state.isOpen = action.payload;
    },
    loadFromStorage(state, action: PayloadAction<CartLine[]>) {
      state.items = action.payload.map(lineOf);
    },
    applyCoupon(state, action: PayloadAction<AppliedCoupon>) {
      state.appliedCoupon = action.payload;
    },
    removeCoupon(state) {
      state.appliedCoupon = null;
    },
    loadCoupon(state, action: PayloadAction<AppliedCoupon>) {
      state.appliedCoupon = action.payload;
    },
    setLoading(state, action: PayloadAction<boolean>) {
      state.isLoading = action.payload;
    },
    /** The buyer's choice: the cart keeps its lines, priced again from the catalogue in that currency. */
    chooseCurrency(state, action: PayloadAction<Currency>) {
      state.currency = action.payload;
      state.currencyChosen = true;
    },
    /** A suggestion, taken only while the buyer has chosen none. */
    suggestCurrency(state, action: PayloadAction<Currency>) {
      if (!state.currencyChosen) state.currency = action.payload;
    },
  },
  selectors: {
    selectCartLines: (state) => state.items,
    selectCartOpen: (state) => state.isOpen,
    selectAppliedCoupon: (state) => state.appliedCoupon,
    selectCartLoading: (state) => state.isLoading,
    selectWantedCurrency: (state) => state.currency,
    selectCurrencyChosen: (state) => state.currencyChosen,
  },
});

export const {
  addItem,
  removeItem,
  updateQuantity,
  clearCart,
  toggleCart,
  setCartOpen,
  loadFromStorage,
  applyCoupon,
  removeCoupon,
  loadCoupon,
  setLoading,
  chooseCurrency,
  suggestCurrency,
} = cartSlice.actions;

export const {
  selectCartLines,
  selectCartOpen,
  selectAppliedCoupon,
  selectCartLoading,
  selectWantedCurrency,
  selectCurrencyChosen,
} = cartSlice.selectors;

export default cartSlice.reducer;

/** How many licences the cart holds (the badge), known from the lines alone. */
export const selectTotalItems = createSelector([selectCartLines], (lines) =>
  lines.reduce((sum, line) => sum + line.quantity, 0),
);
