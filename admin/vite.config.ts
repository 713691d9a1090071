import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The test files that replace a module (vi.mock), none today. A module is replaced only where it is not
 * loaded yet, and the other files share their modules (isolate: false below): these would run each in a
 * module graph of its own.
 */
const MOCKING = globSync('src/**/*.test.{ts,tsx}', { cwd: import.meta.dirname }).filter((file) =>
  /\bvi\.mock\(/.test(readFileSync(`${import.meta.dirname}/${file}`, 'utf8')),
);

// The API process serves this build under /admin/ (see backend/src/web/static-apps.ts).
export default defineConfig(({ command }) => {
  // A build is always React's production build, whatever NODE_ENV the shell has (`.env.example` sets it
  // for the server, whose mode is separate); Vite decides after reading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    base: '/admin/',
    plugins: [react()],
    // dist/.vite/manifest.json: the chunks and their imports, from which scripts/first-load-size.mjs adds up
    // the first loads.
    build: { manifest: true },
    server: {
      port: 5174,
      strictPort: false,
      proxy: { '/api': 'http://localhost:3000' },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      // A react-admin page takes about a second to render in jsdom; leave room on a busy machine.
      testTimeout: 30_000,
      // Every core (Vitest leaves one free by default: one worker on a 2-core machine). The admin suite took
      // 60 s instead of 119 with two, for the same CPU (2026-11-30).
      maxWorkers: availableParallelism(),
      projects: [
        // One jsdom and one load of react-admin, MUI and the app per worker, not per file (which took 5
        // times as long): the files leave no state behind (src/test/setup.ts cleans up after each test).
        {
          extends: true,
          test: { name: 'shared', isolate: false, exclude: [...configDefaults.exclude, ...MOCKING] },
        },
        ...(MOCKING.length > 0 ? [{ extends: true, test: { name: 'mocking', include: MOCKING } }] : []),
      ],
    },
  };
});
