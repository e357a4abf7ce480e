import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Static files only: no inline script or style (the engine's CSP forbids them), nothing fetched
// from elsewhere, so the app works offline from the engine alone.
export default defineConfig({
  root: dirname(fileURLToPath(import.meta.url)),
  base: '/',
  logLevel: 'warn',
  resolve: { conditions: ['source'] },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    reportCompressedSize: false,
  },
});
