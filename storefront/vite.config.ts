import { globSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { precompress } from './vite-plugins/precompress.ts';
import { prerender } from './vite-plugins/prerender.ts';
import { themeWithoutCssVars } from './vite-plugins/themeWithoutCssVars.ts';

/**
 * The test files that replace a module (vi.mock). A module is replaced only where it is not loaded yet, and
 * the other files share their modules (isolate: false below): these run each in a module graph of its own.
 */
const MOCKING = globSync('src/**/*.test.{ts,tsx}', { cwd: import.meta.dirname }).filter((file) =>
  /\bvi\.mock\(/.test(readFileSync(`${import.meta.dirname}/${file}`, 'utf8')),
);

export default defineConfig(({ command }) => {
  // A build is always React's production build, whatever NODE_ENV the shell has (`.env.example` sets it
  // for the server, whose mode is separate); Vite decides after reading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), themeWithoutCssVars(), precompress(), prerender()],
    define: {
      // The copyright year of the prerendered pages (src/lib/currentYear.ts).
      __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    },
    server: {
      port: 5173,
      strictPort: false,
      proxy: { '/api': 'http://localhost:3000' },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      // Whole-page tests render MUI in jsdom: seconds each on a busy 2-core CI machine.
      testTimeout: 20_000,
      projects: [
        // One jsdom and one load of React, MUI and the app per worker, not per file (which took 3 times
        // as long): the files leave no state behind (src/test/setup.ts cleans up after each test).
        {
          extends: true,
          test: { name: 'shared', isolate: false, exclude: [...configDefaults.exclude, ...MOCKING] },
        },
        ...(MOCKING.length > 0 ? [{ extends: true, test: { name: 'mocking', include: MOCKING } }] : []),
      ],
    },
  };
});
