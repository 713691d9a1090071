import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { defaultDarkTheme, defaultLightTheme } from 'react-admin';

export type ThemeMode = 'light' | 'dark';

/** The spec keeps the admin's theme under `theme` in localStorage. */
export const THEME_KEY = 'theme';

export function storedThemeMode(): ThemeMode {
  return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
}

interface ThemeModeValue {
  mode: ThemeMode;
  toggle(): void;
}

const ThemeModeContext = createContext<ThemeModeValue>({ mode: 'light', toggle: () => undefined });

export const useThemeMode = () => useContext(ThemeModeContext);

/**
 * react-admin's themes, the light one's colours darkened where text is drawn in them: MUI's blue, red,
 * orange and light blue (#1976d2, #d32f2f, #ed6c02, #0288d1) read at 2.8 to 4.4:1 on the page, on filled
 * fields, on hovered rows and on the form toolbar, under the 4.5:1 axe asks of text.
 */
/**
 * Table cells with 8 px each side instead of 16: with the sidebar open a list has about 930 px at 1280,
 * and the widest lists (key batches, orders, licence keys) scrolled sideways with MUI's padding.
 */
const compactTables = {
  MuiTableCell: {
    styleOverrides: {
      root: {
        paddingLeft: 8,
        paddingRight: 8,
        '&.MuiTableCell-paddingCheckbox': { padding: '0 8px 0 8px' },
      },
    },
  },
};

export const themes = {
  light: {
    ...defaultLightTheme,
    palette: {
      ...defaultLightTheme.palette,
      primary: { main: '#1565c0' },
      error: { main: '#b71c1c' },
      warning: { main: '#b45309' },
      info: { main: '#01579b' },
    },
    components: { ...defaultLightTheme.components, ...compactTables },
  },
  dark: { ...defaultDarkTheme, components: { ...defaultDarkTheme.components, ...compactTables } },
};

export const ThemeModeProvider = ({ children }: { children: (mode: ThemeMode) => ReactNode }) => {
  const [mode, setMode] = useState<ThemeMode>(storedThemeMode);
  const toggle = useCallback(() => {
    setMode((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      localStorage.setItem(THEME_KEY, next);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return <ThemeModeContext.Provider value={value}>{children(mode)}</ThemeModeContext.Provider>;
};
