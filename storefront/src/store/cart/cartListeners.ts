import { isAnyOf } from '@reduxjs/toolkit';
import type { AppStartListening } from '../listenerMiddleware';
import type { AppThunk } from '../store';
import {
  addItem,
  applyCoupon,
  clearCart,
  loadCoupon,
  loadFromStorage,
  removeCoupon,
  removeItem,
  setLoading,
  updateQuantity,
} from './cartSlice';
import {
  clearStoredCoupon,
  readStoredCoupon,
  readStoredItems,
  writeStoredCoupon,
  writeStoredItems,
} from './cartStorage';

/** Keeps localStorage in step with the cart: items on every change, the coupon when applied or cleared. */
export function addCartListeners(startListening: AppStartListening) {
  startListening({
    matcher: isAnyOf(addItem, removeItem, updateQuantity, clearCart),
    effect: (_action, api) => writeStoredItems(api.getState().cart.items),
  });
  startListening({
    actionCreator: applyCoupon,
    effect: (action) => writeStoredCoupon(action.payload),
  });
  startListening({
    matcher: isAnyOf(removeCoupon, clearCart),
    effect: () => clearStoredCoupon(),
  });
}

/** Reads the stored cart and coupon into the store, then ends the loading state. */
export function restoreCart(): AppThunk {
  return (dispatch) => {
    const items = readStoredItems();
    if (items) dispatch(loadFromStorage(items));
    const coupon = readStoredCoupon();
    if (coupon) dispatch(loadCoupon(coupon));
    dispatch(setLoading(false));
  };
}
