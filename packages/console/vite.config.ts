import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** recharts and the packages only it uses (d3, redux), kept out of the eagerly loaded vendor chunk. */
const CHARTS_ONLY =
  /\/node_modules\/(recharts|victory-vendor|d3-[\w-]+|internmap|@reduxjs\/toolkit|react-redux|redux|redux-thunk|immer|reselect|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)\//;

/**
 * Built into dist/ and served by the API process at /console (src/adapters/http/console-app.ts):
 * hashed files under assets/, one module script and no inline script (the CSP has no
 * 'unsafe-inline' for scripts, so Vite's module-preload polyfill, an inline script, is off).
 */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Nothing inlined as data: URLs beyond what the CSP allows for images; fonts are the system's.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 2000,
    sourcemap: false,
    rollupOptions: {
      // The libraries in a chunk of their own: a change to the console's pages leaves it cached. The
      // chart library and what only it uses stay with the charts, loaded when a page shows one.
      output: {
        manualChunks: (id) => (id.includes('/node_modules/') && !CHARTS_ONLY.test(id) ? 'vendor' : undefined),
      },
    },
  },
  server: {
    // `npm run dev -w @inventory-billing/console` beside `npm run dev`: the admin API on the same origin.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
