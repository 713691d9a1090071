import { isAnyOf, type Middleware } from '@reduxjs/toolkit';
import type { AppThunk, RootState } from '../store';
import { currencyOfLocales } from '../../api/currencies';
import {
  addItem,
  applyCoupon,
  chooseCurrency,
  clearCart,
  loadCoupon,
  loadFromStorage,
  removeCoupon,
  removeItem,
  setLoading,
  suggestCurrency,
  updateQuantity,
} from './cartSlice';
import {
  clearStoredCoupon,
  isCouponVerified,
  markCouponVerified,
  readStoredCoupon,
  readStoredCurrency,
  readStoredItems,
  writeStoredCoupon,
  writeStoredCurrency,
  writeStoredItems,
} from './cartStorage';

const changesItems = isAnyOf(addItem, removeItem, updateQuantity, clearCart);
const clearsCoupon = isAnyOf(removeCoupon, clearCart);

/**
 * Keeps localStorage in step with the cart, once the action has changed it: items on every change, the
 * coupon when applied or cleared, the currency when chosen. A middleware of its own rather than RTK's listener middleware, which
 * would add ~2 KB gzip to the first load of `/` for these three lines.
 */
export const cartStorage: Middleware<object, RootState> = (api) => (next) => (action) => {
  const result = next(action);
  if (changesItems(action)) writeStoredItems(api.getState().cart.items);
  // Applied only with the server's answer (the coupon form, or verifyStoredCoupon).
  if (applyCoupon.match(action)) {
    writeStoredCoupon(action.payload);
    markCouponVerified(action.payload);
  }
  if (clearsCoupon(action)) clearStoredCoupon();
  if (chooseCurrency.match(action)) writeStoredCurrency(action.payload);
  return result;
};

/**
 * Reads the stored cart, coupon and currency into the store, then ends the loading state. Without a
 * currency chosen on an earlier visit, the browser's language suggests one (de-DE: EUR). A stored coupon shows the
 * discount the server gives it: one the server confirmed in this browser session at once, any other only
 * once the server has answered (verifyStoredCoupon), so a changed or edited discount is never shown.
 */
export function restoreCart(): AppThunk {
  return (dispatch) => {
    const items = readStoredItems();
    if (items) dispatch(loadFromStorage(items));
    const coupon = readStoredCoupon();
    if (coupon && isCouponVerified(coupon)) dispatch(loadCoupon(coupon));
    else if (coupon) void dispatch(verifyStoredCoupon(coupon.code));
    const currency = readStoredCurrency();
    const suggested = currency ? null : currencyOfLocales(navigator.languages ?? [navigator.language]);
    if (currency) dispatch(chooseCurrency(currency));
    else if (suggested) dispatch(suggestCurrency(suggested));
    dispatch(setLoading(false));
  };
}

/**
 * Asks the server for a stored coupon's discount: applied as answered, removed when the server refuses it
 * (unknown, expired or used up), left unshown when no answer came (asked again on the next page).
 */
export function verifyStoredCoupon(code: string): AppThunk<Promise<void>> {
  return async (dispatch) => {
    // The API is loaded later than the first page's code; so is this check.
    const { storeApi } = await import('../storeApi');
    const result = await dispatch(storeApi.endpoints.validateCoupon.initiate(code, { track: false }));
    if (result.data) {
      dispatch(applyCoupon(result.data));
      return;
    }
    const status = result.error && 'status' in result.error ? result.error.status : undefined;
    if (typeof status === 'number' && status < 500 && status !== 429) dispatch(removeCoupon());
  };
}
