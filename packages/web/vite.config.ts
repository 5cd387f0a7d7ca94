import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The production build lands in packages/web/dist, which the API server hosts with history fallback.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/web-bundle.mjs reads the manifest to size what each route loads first.
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // Rolldown merges chunks shared by lazy pages into the entry's common chunk by default, which made
      // /login download the whole shell. Keep shared lazy code in its own chunks.
      experimental: { chunkOptimization: false },
    },
  },
});
