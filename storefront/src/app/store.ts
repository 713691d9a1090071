import { combineReducers, configureStore, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { storeApi } from '../api/storeApi';
import cartReducer from '../features/cart/cartSlice';
import { makeListenerMiddleware } from './listenerMiddleware';

const rootReducer = combineReducers({
  cart: cartReducer,
  [storeApi.reducerPath]: storeApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A new store; tests pass the state they start from. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const listenerMiddleware = makeListenerMiddleware();
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault().prepend(listenerMiddleware.middleware).concat(storeApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;
