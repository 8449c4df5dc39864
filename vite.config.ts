import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// react-router 7's package exports point every condition at its development build (dev warnings on,
// remix-run/react-router#12532, #14753). Builds take the production build it ships beside it.
const reactRouterProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

// The dev server proxies /api to the reference server (npm run serve) so `npm run dev` works with hot reload.
export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Every browser the build targets preloads modules natively; the polyfill would only cost bytes on the entry.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': { target: process.env.MWS_DEV_API ?? 'http://localhost:8080', changeOrigin: true },
    },
  },
}));
