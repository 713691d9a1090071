import { combineReducers, configureStore } from '@reduxjs/toolkit';
import catalogReducer from '../features/catalog/catalogSlice';

const rootReducer = combineReducers({
  catalog: catalogReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A new store; tests pass the state they start from. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
