import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import cartReducer from './cart/cartSlice';
import { cartStorage } from './cart/cartListeners';

/**
 * The parts of the state whose code is loaded later, not with the first bundle of `/` (the RTK Query API,
 * src/store/storeApi.ts): each adds itself here (`declare module`) and to every store with `addToStores`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

const rootReducer = combineSlices({ cart: cartReducer }).withLazyLoadedSlices<LazyLoadedSlices>();
const lateMiddleware = createDynamicMiddleware();

export type RootState = ReturnType<typeof rootReducer>;

/** Tells each store that a part was added, so that its state holds that part before anything reads it. */
const partAdded = createAction<string>('store/partAdded');
// Kept for the page's life: one store in the browser, one per page at build time, a few in a test file.
const storesMade = new Set<{ dispatch(action: UnknownAction): unknown }>();

/**
 * Adds a part loaded later to the state and middleware of every store, made or to be made; returns the
 * root reducer with it, whose `selector` reads the part in a state that has not seen it yet.
 */
export function addToStores<Path extends keyof LazyLoadedSlices & string>(part: {
  reducerPath: Path;
  reducer: Reducer<NonNullable<LazyLoadedSlices[Path]>>;
  middleware?: Middleware;
}) {
  const withPart = rootReducer.inject(part);
  if (part.middleware) lateMiddleware.addMiddleware(part.middleware);
  for (const store of storesMade) store.dispatch(partAdded(part.reducerPath));
  return withPart;
}

/** A new store; tests pass the state they start from. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(cartStorage).concat(lateMiddleware.middleware),
  });
  storesMade.add(store);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;
