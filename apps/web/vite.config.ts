import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Dev server proxies the API, the phone pages (/m) and the health check to the Fastify server on :8080. */
const api = process.env.VITE_DEV_API ?? 'http://127.0.0.1:8080';

export default defineConfig(({ command }) => {
  // A build is always the production build, also when a test runner (NODE_ENV=test) starts it for the
  // browser tests: otherwise React's development build ships and production-only features stay off.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react()],
    server: {
      port: 5173,
      proxy: {
        '/api': { target: api, changeOrigin: false },
        '/m': { target: api, changeOrigin: false },
        '/healthz': { target: api, changeOrigin: false },
      },
    },
    build: {
      target: 'es2022',
      outDir: 'dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 900,
      rollupOptions: {
        output: {
          /** Framework code changes rarely: its own long-cached chunks. */
          manualChunks(id) {
            if (!id.includes('node_modules')) return undefined;
            if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
            return undefined;
          },
        },
      },
    },
  };
});
