import { fileURLToPath } from 'node:url';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rollup } from 'vite';
import { leanIcons } from './vite-plugins/lean-icons.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { serviceWorker } from './vite-plugins/service-worker.ts';
import { zodWithoutJsonSchema } from './vite-plugins/zod-without-json-schema.ts';

/** The entry's static imports (the chunk groups below): loaded before any other code of the app runs. */
const ENTRY_IMPORTS = /\/(rolldown-runtime|vendor-react)-[\w-]+\.js$/;

/**
 * Small pieces that the login page, the signed-in shell and the client's landing page share (a card, a field, an
 * alert, following the user's language, what every icon is drawn with): in the entry, not a chunk of their own that
 * both first paints would fetch.
 */
const SHARED_WITH_THE_ENTRY =
  /src[\\/](components[\\/]ui[\\/](centered-card|plain-alert|form-field|text-field)\.tsx|lib[\\/](i18n[\\/]user-language|bootstrap-icon)\.ts)$/;

/** Whether the entry imports the module statically, directly or not (what the `$initial` tag selects). */
function importedByEntry(
  id: string,
  ctx: { getModuleInfo: (id: string) => Rollup.ModuleInfo | null },
): boolean {
  const seen = new Set<string>();
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    const info = ctx.getModuleInfo(next);
    if (info?.isEntry) return true;
    if (info) queue.push(...info.importers);
  }
  return false;
}

// The API runs on 127.0.0.1:3000 in development; API_PROXY_TARGET points the dev server at another instance.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    leanIcons(),
    zodWithoutJsonSchema(),
    react(),
    // Lingui's macros (`<Trans>`, `t`, `msg`, `plural`) become catalog lookups by id (docs/product/languages.md).
    babel({ include: /\/src\/.*\.tsx?$/, plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    // The service worker precaches the app shell (docs/decisions/022-workbox-service-worker.md): the entry, the login
    // page, and the client's landing page with the query layout, so that /programs opens offline after the first
    // visit; so are the offline status line and outbox, which every signed-in page loads after its first paint; what
    // only a signed-in start loads (the signed-in shell of app/shell/signed-in-shell.ts with the staff's tools, the
    // access guard, the session's start-up check); and the two dialogs the shell loads only when they are due (unsaved changes, session
    // timeout), so that they open offline.
    ...serviceWorker({
      landing: [
        'src/app/routes/auth/login.tsx',
        'src/app/query-layout.tsx',
        'src/app/routes/programs/programs.tsx',
        'src/features/offline/components/offline-status-lines.tsx',
        'src/lib/offline/outbox-loaded.ts',
        'src/app/shell/bottom-bar.tsx',
        'src/features/session-timeout/components/session-timeout.tsx',
        'src/features/session-timeout/components/session-expired-card.tsx',
        'src/app/shell/staff-tools.tsx',
        'src/app/access-guard.tsx',
        'src/lib/session-bootstrap.ts',
        'src/components/ui/unsaved-changes-prompt.tsx',
        'src/components/ui/unsaved-changes-dialog.tsx',
        'src/features/session-timeout/components/session-timeout-dialog.tsx',
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
    // No inline polyfill script: the server's Content-Security-Policy allows only same-origin scripts. A lazy chunk's
    // imports are preloaded with it, but not the entry's own (the runtime and vendor-react), which every page has
    // loaded before any lazy import runs: their names in every preload list only made the entry bigger.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !ENTRY_IMPORTS.test(dep)) : deps,
    },
    rolldownOptions: {
      output: {
        // React and the router change rarely: one long-cached chunk. Everything the entry needs is one chunk (the
        // shell), not a cascade of small shared chunks. Pages stay split per route, the login page too
        // (docs/decisions/032-first-paint-and-after.md).
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            // The entry: what it imports statically, and the small pieces SHARED_WITH_THE_ENTRY.
            {
              name: (id, ctx) => (SHARED_WITH_THE_ENTRY.test(id) || importedByEntry(id, ctx) ? 'app' : null),
              priority: 1,
            },
            // Small modules that many signed-in pages share (dates, day statuses, query keys, common icons): one chunk,
            // not a dozen of a few hundred bytes each.
            {
              name: 'common',
              test: /src[\\/](lib[\\/](calendar-date|intl-date|short-date|program-keys|user-query-key)\.ts|domain[\\/](constants|day-status|weekdays)\.ts|features[\\/]progress[\\/]utils[\\/]day-status-words\.ts)$|react-bootstrap-icons[\\/]dist[\\/]icons[\\/](check-circle-fill|x-circle-fill|chevron-right|chevron-left|circle-half|funnel|exclamation-triangle-fill)\.js$/,
              priority: 0,
            },
            // Feedback kept on the phone (the status line and the outbox), which every signed-in page loads after its
            // first paint: one chunk.
            {
              name: 'offline',
              test: /src[\\/](features[\\/]offline[\\/](components[\\/]offline-status-lines\.tsx|hooks[\\/]use-(outbox-status|offline-sender)\.ts)|lib[\\/]offline[\\/](outbox-(events|rules|actions|store|loaded)|send-outbox)\.ts)$|react-bootstrap-icons[\\/]dist[\\/]icons[\\/]cloud-arrow-up\.js$/,
              priority: 0,
            },
            // The login page and what only it and the password pages use (the form, passkeys, the language switch):
            // one chunk, which a visitor's first paint waits for and a signed-in start never loads.
            {
              name: 'login',
              test: /src[\\/](app[\\/]routes[\\/]auth[\\/](login|login-notice|language-switch)\.tsx?|features[\\/](auth[\\/](components[\\/]login-form\.tsx|api[\\/]login\.ts)|passkeys[\\/](components[\\/]passkey-sign-in\.tsx|api[\\/]sign-in-with-passkey\.ts|utils[\\/]webauthn\.ts))|components[\\/]ui[\\/](password-field|form-result)\.tsx|lib[\\/](use-light-form|lazy-resolver|use-action|landing-path|support|i18n[\\/]translated-resolver)\.ts)$|react-bootstrap-icons[\\/]dist[\\/]icons[\\/](globe|eye|eye-slash|key-fill)\.js$/,
              priority: 1,
            },
            // Zod and the shared checks every form uses (an email, a name, their messages): one chunk, not three.
            {
              name: 'validation',
              test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-jitless\.ts$|packages[\\/]shared[\\/]src[\\/](schemas[\\/]common|texts[\\/]validation)\.ts$/,
              priority: 1,
            },
            // What every signed-in page loads before its first paint and the login page never does (the signed-in
            // shell of app/shell/signed-in-shell.ts, the access guard, the session's start-up check, the bar's icons):
            // one chunk, not fifteen small ones.
            {
              name: 'signed-in',
              test: /src[\\/](app[\\/](access-guard\.tsx|shell[\\/](bottom-bar\.tsx|use-unread-count\.ts))|features[\\/]session-timeout[\\/](components[\\/]session-(timeout|expired-card)\.tsx|hooks[\\/]use-inactivity-timer\.ts)|components[\\/]ui[\\/]unsaved-changes-prompt\.tsx|lib[\\/](session-bootstrap|logout|offline[\\/](outbox-loader|online))\.ts|features[\\/]messages[\\/]api[\\/]messages-keys\.ts)$|react-bootstrap-icons[\\/]dist[\\/]icons[\\/](bookmarks|calendar-check|chat-dots|journals)\.js$/,
              priority: 1,
            },
            // The query library with its layout, which every page but the login page loads first: one chunk. Infinite
            // lists (three therapist pages) load theirs with those pages.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](?!.*[\\/](infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions)\.js$)|src[\\/](lib[\\/]query-client\.ts|app[\\/]query-layout\.tsx)$/,
              priority: 1,
            },
            // The login form's checks and the auth schemas they come from, which the password pages share: one chunk.
            {
              name: 'auth-checks',
              test: /features[\\/]auth[\\/]components[\\/]login-resolver\.ts$|packages[\\/]shared[\\/]src[\\/](schemas[\\/]auth|texts[\\/]auth|domain[\\/]password)\.ts$/,
              priority: 1,
            },
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
