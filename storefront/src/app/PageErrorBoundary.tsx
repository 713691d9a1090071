import Box from '@mui/material/Box';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Text } from '../components/Text';

/**
 * What a shopper sees when a page fails to render (a bug, or a page's code that no longer loads after a
 * release) instead of a blank screen: what happened and a way back. The cart is kept in the browser's
 * storage, so reloading loses nothing.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // eslint-disable-next-line no-console -- the browser's console is where a support agent finds the cause
    console.error('The page could not be shown', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Box
        component="main"
        role="alert"
        sx={{ maxWidth: 560, mx: 'auto', my: 8, px: 3, textAlign: 'center' }}
      >
        <Text component="h1" sx={{ typography: 'h5', mb: '0.35em' }}>
          Something went wrong
        </Text>
        <Text sx={{ mb: 3 }}>This page could not be shown. Reload it to try again: your cart is kept.</Text>
        {/* Plain elements: MUI's Button would add its code to every page's first load for a rare screen. */}
        <Box
          component="button"
          type="button"
          onClick={() => window.location.reload()}
          sx={{ font: 'inherit', px: 2, py: 1, mr: 2, cursor: 'pointer' }}
        >
          Reload the page
        </Box>
        <a href="/">Go to the home page</a>
      </Box>
    );
  }
}
