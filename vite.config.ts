import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies /api to the reference server (npm run serve) so `npm run dev` works with hot reload.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': { target: process.env.MWS_DEV_API ?? 'http://localhost:8080', changeOrigin: true },
    },
  },
});
