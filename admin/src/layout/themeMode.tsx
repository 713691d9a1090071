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

export const themes = { light: defaultLightTheme, dark: defaultDarkTheme };

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
