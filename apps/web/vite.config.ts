import { fileURLToPath } from 'node:url';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { leanIcons } from './vite-plugins/lean-icons.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { serviceWorker } from './vite-plugins/service-worker.ts';

// The API runs on 127.0.0.1:3000 in development; API_PROXY_TARGET points the dev server at another instance.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    leanIcons(),
    react(),
    // Lingui's macros (`<Trans>`, `t`, `msg`, `plural`) become catalog lookups by id (docs/product/languages.md).
    babel({ include: /\/src\/.*\.tsx?$/, plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    // The service worker precaches the app shell (docs/decisions/022-workbox-service-worker.md). The client's landing
    // page is in the shell too, so that /programs opens offline after the first visit; so are the offline status line
    // and outbox, which every signed-in page loads after its first paint.
    ...serviceWorker({
      landing: [
        'src/app/routes/programs/programs.tsx',
        'src/features/offline/components/offline-status-lines.tsx',
        'src/lib/offline/outbox-loaded.ts',
      ],
    }),
    precompress(),
  ],
  resolve: {
    // Zod without eval in the browser: every `import ... from 'zod'` gets src/lib/zod-jitless.ts (see there).
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No inline polyfill script: the server's Content-Security-Policy allows only same-origin scripts.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React and the router change rarely: one long-cached chunk. Everything the entry needs is one chunk
        // (`$initial`: the shell and the login page), not a cascade of small shared chunks. Pages stay split per route.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
});
