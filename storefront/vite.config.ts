import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

/** `react-router` and `react-router/dom` as the package's production build (its files, not its exports). */
function reactRouterProduction() {
  const dist = join(dirname(createRequire(import.meta.url).resolve('react-router')), '..', 'production');
  return [
    { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command }) => {
  // A build is always React's production build, whatever NODE_ENV the shell has (`.env.example` sets it
  // for the server, whose mode is separate); Vite decides after reading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), themeWithoutCssVars(), precompress(), prerender()],
    // React Router's package resolves to its development build in every mode (remix-run/react-router#12532):
    // its warnings and checks cost the first load ~3 KB gzip. A build takes the production build it ships.
    resolve: command === 'build' ? { alias: reactRouterProduction() } : {},
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
      // Every core (Vitest leaves one free by default: one worker on a 2-core machine). The admin suite took
      // 60 s instead of 119 with two, for the same CPU (2026-11-30).
      maxWorkers: availableParallelism(),
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
