import { defineConfig } from 'vitest/config';

// No @vitejs/plugin-react: esbuild compiles the JSX (automatic runtime) on its own, which is all
// this app needs (no fast refresh).
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The api serves a strict CSP without 'unsafe-inline': no inline preload polyfill.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    target: 'es2022',
  },
  server: {
    // `pnpm --filter @docent/web dev` next to `pnpm start`: the UI on :5173, the API on :8080.
    proxy: {
      '^/(account|connections|docs|collections|oauth)(/|$)': 'http://localhost:8080',
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
  },
});
