import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Product } from './types';

export type CatalogStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface CatalogState {
  products: Product[];
  status: CatalogStatus;
}

const initialState: CatalogState = { products: [], status: 'idle' };

export const fetchProducts = createAsyncThunk<Product[], void, { state: { catalog: CatalogState } }>(
  'catalog/fetchProducts',
  async () => {
    const response = await fetch('/api/products', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET /api/products answered ${response.status}`);
    return (await response.json()) as Product[];
  },
  {
    // One request at a time, and none once the catalogue is loaded (StrictMode runs effects twice).
    condition: (_, { getState }) => {
      const { status } = getState().catalog;
      return status === 'idle' || status === 'failed';
    },
  },
);

const catalogSlice = createSlice({
  name: 'catalog',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchProducts.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchProducts.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.products = action.payload;
      })
      .addCase(fetchProducts.rejected, (state) => {
        state.status = 'failed';
      });
  },
  selectors: {
    selectProducts: (state) => state.products,
    selectCatalogStatus: (state) => state.status,
  },
});

export const { selectProducts, selectCatalogStatus } = catalogSlice.selectors;
export default catalogSlice.reducer;
