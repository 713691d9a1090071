import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API process serves this build under /admin/ (see backend/src/web/static-apps.ts).
export default defineConfig(({ command }) => {
  // A build is always React's production build, whatever NODE_ENV the shell has (`.env.example` sets it
  // for the server, whose mode is separate); Vite decides after reading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    base: '/admin/',
    plugins: [react()],
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
    },
  };
});
