import { createTheme } from '@mui/material/styles';

/** System fonts only: the store loads no web fonts. */
export const theme = createTheme({
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
});
