import { createTheme, type Theme } from '@mui/material/styles';

let theme: Theme | undefined;

/**
 * The store's theme, made the first time it is needed (when the page is first rendered) rather than while
 * the first bundle is evaluated: that evaluation is one long task, which the few milliseconds of
 * createTheme would lengthen, and during which the page cannot respond.
 * System fonts only: the store loads no web fonts. Primary is dark enough for 4.5:1 on light greys.
 */
export function storeTheme(): Theme {
  theme ??= createTheme({
    palette: {
      primary: { main: '#1559b7' },
      success: { main: '#1b7a3a' },
    },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    components: {
      MuiButtonBase: {
        styleOverrides: {
          root: {
            // A bare ButtonBase (the FAQ's questions) would otherwise take the browser's button font.
            fontFamily: 'inherit',
            // A focus ring on every button, clear of it, for keyboard users (WCAG 2.4.7): MUI shows none on
            // contained buttons.
            '&.Mui-focusVisible': { outline: '3px solid #0b3d91', outlineOffset: 2 },
          },
        },
      },
    },
  });
  return theme;
}
