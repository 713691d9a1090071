import type { Plugin } from 'vite';

const STUB = '\0store:mui-theme-without-css-vars';

/**
 * MUI's createTheme builds a theme with CSS variables only when asked (`cssVariables`, `colorSchemes`),
 * which the store never does (src/app/theme.ts), yet it imports that code (createThemeWithVars, ~5 KB gzip)
 * into every page's first load: every MUI component's default theme goes through createTheme. This puts in
 * its place a function that fails, so that a theme asking for CSS variables fails the build's prerendering
 * and the tests, rather than shipping without them.
 */
export function themeWithoutCssVars(): Plugin {
  return {
    name: 'store:mui-theme-without-css-vars',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './createThemeWithVars.mjs' &&
        importer &&
        /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/.test(importer)
      )
        return STUB;
      return null;
    },
    load(id) {
      if (id !== STUB) return null;
      return `export default function createThemeWithVars() {
  throw new Error('The storefront leaves MUI\\'s CSS-variables themes out of its build (vite-plugins/themeWithoutCssVars.ts)');
}`;
    },
  };
}
