import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './vite-plugins/precompress.ts';
import { prerender } from './vite-plugins/prerender.ts';

export default defineConfig(({ command }) => {
  // A build is always React's production build, whatever NODE_ENV the shell has (`.env.example` sets it
  // for the server, whose mode is separate); Vite decides after reading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), precompress(), prerender()],
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
    },
  };
});
