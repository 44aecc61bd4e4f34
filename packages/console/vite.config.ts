import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
      // The libraries in a chunk of their own: a change to the console's pages leaves it cached.
      output: { manualChunks: (id) => (id.includes('/node_modules/') ? 'vendor' : undefined) },
    },
  },
  server: {
    // `npm run dev -w @inventory-billing/console` beside `npm run dev`: the admin API on the same origin.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
