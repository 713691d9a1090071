import { createTheme } from '@mui/material/styles';

/** System fonts only: the store loads no web fonts. Primary is dark enough for 4.5:1 on light greys. */
export const theme = createTheme({
  palette: {
    primary: { main: '#1559b7' },
    success: { main: '#1b7a3a' },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
});
