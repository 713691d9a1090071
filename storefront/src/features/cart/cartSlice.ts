import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { percentOfCents } from '../../lib/money';
import type { AppliedCoupon, CartItem, CartProduct } from './types';

export interface CartState {
  items: CartItem[];
  isOpen: boolean;
  totalItems: number;
  /** Subtotal in cents: Σ current price × quantity, before any coupon. */
  totalPrice: number;
  appliedCoupon: AppliedCoupon | null;
  /** True until the stored cart has been read. */
  isLoading: boolean;
}

export const initialCartState: CartState = {
  items: [],
  isOpen: false,
  totalItems: 0,
  totalPrice: 0,
  appliedCoupon: null,
  isLoading: true,
};

function recompute(state: CartState) {
  state.totalItems = state.items.reduce((sum, item) => sum + item.quantity, 0);
  state.totalPrice = state.items.reduce((sum, item) => sum + item.currentPriceCents * item.quantity, 0);
}

const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    addItem(state, action: PayloadAction<CartProduct>) {
      const existing = state.items.find((item) => item.id === action.payload.id);
      if (existing) existing.quantity += 1;
      else state.items.push({ ...action.payload, quantity: 1 });
      state.isOpen = true;
      recompute(state);
    },
    removeItem(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
      recompute(state);
    },
    updateQuantity(state, action: PayloadAction<{ id: string; quantity: number }>) {
      const { id, quantity } = action.payload;
      if (quantity <= 0) state.items = state.items.filter((item) => item.id !== id);
      else {
        const item = state.items.find((i) => i.id === id);
        if (item) item.quantity = Math.floor(quantity);
      }
      recompute(state);
    },
    clearCart(state) {
      state.items = [];
      state.appliedCoupon = null;
      recompute(state);
    },
    toggleCart(state) {
      state.isOpen = !state.isOpen;
    },
    setCartOpen(state, action: PayloadAction<boolean>) {
      state.isOpen = action.payload;
    },
    loadFromStorage(state, action: PayloadAction<CartItem[]>) {
      state.items = action.payload;
      recompute(state);
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
  },
  selectors: {
    selectCartItems: (state) => state.items,
    selectCartOpen: (state) => state.isOpen,
    selectTotalItems: (state) => state.totalItems,
    selectSubtotal: (state) => state.totalPrice,
    selectAppliedCoupon: (state) => state.appliedCoupon,
    selectCartLoading: (state) => state.isLoading,
    selectDiscount: (state) =>
      state.appliedCoupon ? percentOfCents(state.totalPrice, state.appliedCoupon.discount) : 0,
    selectCartTotal: (state) =>
      state.totalPrice -
      (state.appliedCoupon ? percentOfCents(state.totalPrice, state.appliedCoupon.discount) : 0),
    /** Product savings: Σ (original − current) × quantity. */
    selectSavings: (state) =>
      state.items.reduce(
        (sum, item) => sum + (item.originalPriceCents - item.currentPriceCents) * item.quantity,
        0,
      ),
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
} = cartSlice.actions;

export const {
  selectCartItems,
  selectCartOpen,
  selectTotalItems,
  selectSubtotal,
  selectAppliedCoupon,
  selectCartLoading,
  selectDiscount,
  selectCartTotal,
  selectSavings,
} = cartSlice.selectors;

export default cartSlice.reducer;
