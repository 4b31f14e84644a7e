import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LogLevel, Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';

/** The worker's source, under the web app's root; built to `<outDir>/service-worker.js`. */
export const WORKER_SOURCE = 'service-worker/service-worker.ts';

/** Files copied from public/ that the app shell shows: the logo, the manifest and the home-screen icons. */
const SHELL_PUBLIC_FILE = /^(logo\.svg|manifest\.webmanifest|icons\/[^/]+\.png)$/;

/** A chunk as far as the precache needs it: its imports and, from Vite, the CSS it loads. */
interface ChunkInfo {
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId?: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The build's app shell, as file names under the output folder: every entry chunk and each `landing` page's chunk
 * (module paths relative to the web app's root), with the chunks they import statically and their CSS. Other
 * pages' chunks are kept by the worker as they load.
 */
export function shellChunks(chunks: ChunkInfo[], root: string, landing: string[]): string[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const landingIds = new Set(landing.map((file) => path.resolve(root, file)));
  const found = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byName.get(fileName);
    if (!chunk || found.has(fileName)) return;
    found.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) found.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const chunk of chunks) {
    if (chunk.isEntry || (chunk.facadeModuleId && landingIds.has(chunk.facadeModuleId)))
      visit(chunk.fileName);
  }
  return [...found].sort();
}

/**
 * Workbox's list of the output folder cut down to the app shell: index.html, `shell()` (the chunks and CSS) and the
 * shell's files from public/. A shell file missing from Workbox's list (too big, or of a type it was not asked to
 * look for) fails the build rather than leaving a page that does not open offline. With no bundle written (the app's
 * build failed, and says why) the list is empty.
 */
export function shellOnly(shell: () => readonly string[] | undefined): ManifestTransform {
  return (entries) => {
    const files = shell();
    if (!files)
      return { manifest: [], warnings: ['service worker: no bundle was written, nothing to precache'] };
    const wanted = new Set(['index.html', ...files]);
    const manifest = entries.filter((entry) => wanted.has(entry.url) || SHELL_PUBLIC_FILE.test(entry.url));
    const listed = new Set(manifest.map((entry) => entry.url));
    const missing = [...wanted].filter((file) => !listed.has(file));
    if (missing.length > 0) throw new Error(`service worker: not precached: ${missing.join(', ')}`);
    return { manifest, warnings: [] };
  };
}

/**
 * Builds the service worker (apps/web/service-worker) with Workbox's precache list of this build's app shell
 * (docs/decisions/022-workbox-service-worker.md). A root without the worker's source (the bench's skeleton app)
 * builds no worker. The worker is written when the bundle closes, before the precompress plugin (order 'post').
 */
export function serviceWorker(options: { landing: string[] }): Plugin[] {
  let root = '';
  let shell: string[] | undefined;
  let logLevel: LogLevel = 'info';
  const shellPlugin: Plugin = {
    name: 'hep-service-worker-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      shell = undefined;
    },
    writeBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      shell = shellChunks(chunks, root, options.landing);
    },
  };
  const pwa = VitePWA({
    strategies: 'injectManifest',
    srcDir: path.dirname(WORKER_SOURCE),
    filename: path.basename(WORKER_SOURCE),
    // The app registers the worker itself (src/lib/service-worker.ts); public/manifest.webmanifest is ours.
    injectRegister: false,
    manifest: false,
    integration: {
      configureOptions(viteConfig, pwaOptions) {
        pwaOptions.disable = !existsSync(path.resolve(viteConfig.root, WORKER_SOURCE));
        logLevel = viteConfig.logLevel ?? 'info';
      },
      // The worker's own build says as much as the app's (nothing for the bench).
      configureCustomSWViteBuild(inlineConfig) {
        inlineConfig.logLevel = logLevel;
      },
    },
    injectManifest: {
      // A classic script, as the app registers it.
      rollupFormat: 'iife',
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      globIgnores: ['.vite/**'],
      manifestTransforms: [shellOnly(() => shell)],
    },
  });
  return [shellPlugin, ...pwa];
}
