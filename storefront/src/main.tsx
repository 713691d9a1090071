// First: starts loading the code of the page visited, in parallel with the evaluation of this bundle.
import './app/startPreload';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { restoreCart } from './features/cart/cartListeners';
import { AppRoutes } from './app/router';
import { makeStore } from './app/store';
import { theme } from './app/theme';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const store = makeStore();
store.dispatch(restoreCart());

const root = createRoot(container);
// As a transition, React renders the first page in slices of a few milliseconds, letting the browser handle
// input and network in between, instead of in one long task that blocks the page while it loads.
startTransition(() =>
  root.render(
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ThemeProvider>
      </Provider>
    </StrictMode>,
  ),
);
