import CssBaseline from '@mui/material/CssBaseline';
// The theme provider MUI's own picks for a theme without CSS variables, as the store's is: MUI's own
// (@mui/material/styles) brings the CSS-variables provider with it, ~3 KB gzip of the first load unused.
import ThemeProvider from '@mui/system/ThemeProvider';
import { StrictMode, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore, RootState } from '../store/store';
import { PageErrorBoundary } from './PageErrorBoundary';
import { storeTheme } from './theme';

/**
 * The providers around the routes, the same for the browser (main.tsx) and for the pages prerendered at
 * build time (entry-prerender.tsx), so that hydration finds the tree the build rendered. `serverState` is
 * the state the build rendered with: hydration renders it, then React renders the store's own.
 */
export function StoreRoot({
  store,
  serverState,
  children,
}: {
  store: AppStore;
  serverState?: RootState;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <Provider store={store} serverState={serverState}>
        <ThemeProvider theme={storeTheme()}>
          <CssBaseline />
          <PageErrorBoundary>{children}</PageErrorBoundary>
        </ThemeProvider>
      </Provider>
    </StrictMode>
  );
}
