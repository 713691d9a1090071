import { createListenerMiddleware, type TypedStartListening } from '@reduxjs/toolkit';
import { addCartListeners } from './cart/cartListeners';
import type { AppDispatch, RootState } from './store';

export type AppStartListening = TypedStartListening<RootState, AppDispatch>;

/** A listener middleware with every feature's side effects registered; one per store. */
export function makeListenerMiddleware() {
  const listenerMiddleware = createListenerMiddleware();
  const startListening = listenerMiddleware.startListening as AppStartListening;
  addCartListeners(startListening);
  return listenerMiddleware;
}
