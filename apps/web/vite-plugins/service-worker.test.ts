import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import type { ManifestEntry } from 'workbox-build';
import { precompress } from './precompress';
import { serviceWorker, shellChunks, shellOnly, WORKER_SOURCE } from './service-worker';

describe('shellChunks', () => {
  const css = (...names: string[]) => ({ importedCss: new Set(names) });
  const chunks = [
    {
      fileName: 'assets/index-1.js',
      imports: ['assets/vendor-1.js'],
      isEntry: true,
      viteMetadata: css('assets/index-1.css'),
    },
    { fileName: 'assets/vendor-1.js', imports: [], isEntry: false, viteMetadata: css() },
    {
      fileName: 'assets/programs-1.js',
      imports: ['assets/week-1.js', 'assets/vendor-1.js'],
      isEntry: false,
      facadeModuleId: '/web/src/app/routes/programs/programs.tsx',
      viteMetadata: css('assets/programs-1.css'),
    },
    { fileName: 'assets/week-1.js', imports: [], isEntry: false },
    {
      fileName: 'assets/clients-1.js',
      imports: [],
      isEntry: false,
      facadeModuleId: '/web/src/app/routes/clients/clients.tsx',
    },
  ];

  it('takes the entry and the landing pages with what they import, and leaves other pages to load later', () => {
    expect(shellChunks(chunks, '/web', ['src/app/routes/programs/programs.tsx'])).toEqual([
      'assets/index-1.css',
      'assets/index-1.js',
      'assets/programs-1.css',
      'assets/programs-1.js',
      'assets/vendor-1.js',
      'assets/week-1.js',
    ]);
    expect(shellChunks(chunks, '/web', [])).toEqual([
      'assets/index-1.css',
      'assets/index-1.js',
      'assets/vendor-1.js',
    ]);
  });
});

describe('shellOnly', () => {
  const entry = (url: string) => ({ url, revision: url.startsWith('assets/') ? null : 'r1', size: 1 });
  const listed = [
    'index.html',
    'assets/index-1.js',
    'assets/clients-1.js',
    'logo.svg',
    'manifest.webmanifest',
    'icons/icon-192.png',
    'icons/notes.svg',
    'robots.txt',
  ].map(entry);
  const urls = async (result: ReturnType<ReturnType<typeof shellOnly>>) =>
    (await result).manifest.map((e) => e.url);

  it("cuts Workbox's list of the build down to index.html, the shell's chunks and public/'s shell files", async () => {
    expect(await urls(shellOnly(() => ['assets/index-1.js'])(listed))).toEqual([
      'index.html',
      'assets/index-1.js',
      'logo.svg',
      'manifest.webmanifest',
      'icons/icon-192.png',
    ]);
  });

  it('fails the build when a shell file is not in the list', () => {
    expect(() => shellOnly(() => ['assets/index-1.js', 'assets/big-1.js'])(listed)).toThrow(
      'not precached: assets/big-1.js',
    );
    expect(() => shellOnly(() => ['assets/index-1.js'])(listed.slice(1))).toThrow(
      'not precached: index.html',
    );
  });

  it('precaches nothing when no bundle was written (the failed build says why)', async () => {
    expect(await urls(shellOnly(() => undefined)(listed))).toEqual([]);
  });
});

// A small app built as the web app is: an entry, a landing page and another page loaded on demand, public files,
// and a worker that uses Workbox. Inside this folder, so that the worker's imports resolve from node_modules.
const app = mkdtempSync(path.join(fileURLToPath(new URL('.', import.meta.url)), '.service-worker-'));
afterAll(() => rmSync(app, { recursive: true, force: true }));

const APP_FILES: Record<string, string> = {
  'index.html': '<!doctype html><html><body><script type="module" src="/src/main.js"></script></body></html>',
  'src/main.js':
    "document.body.dataset.page = location.pathname === '/' ? 'landing' : 'other';\n" +
    "if (document.body.dataset.page === 'landing') import('./landing.js'); else import('./other.js');\n",
  'src/landing.js': "export const landing = 'the landing page';\n",
  'src/other.js': "export const other = 'another page';\n",
  'public/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'public/manifest.webmanifest': '{"name":"Fixture"}',
  'public/robots.txt': 'User-agent: *',
  [WORKER_SOURCE]:
    "import { precacheAndRoute } from 'workbox-precaching';\n" +
    'declare const self: { __WB_MANIFEST: { url: string; revision: string | null }[] };\n' +
    'precacheAndRoute(self.__WB_MANIFEST);\n',
};

async function buildApp(files: Record<string, string>): Promise<string> {
  rmSync(app, { recursive: true, force: true });
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
    writeFileSync(path.join(app, file), content);
  }
  await build({
    root: app,
    configFile: false,
    logLevel: 'silent',
    plugins: [...serviceWorker({ landing: ['src/landing.js'] }), precompress()],
  });
  return path.join(app, 'dist');
}

/** The precache list Workbox wrote into the built worker. */
function precacheOf(worker: string): ManifestEntry[] {
  const list = /\[\{[^\]]*"revision"[^\]]*\]/.exec(worker);
  if (!list) throw new Error('no precache list in the worker');
  return JSON.parse(list[0]) as ManifestEntry[];
}

describe('serviceWorker (a real build)', { timeout: 60_000 }, () => {
  it('writes dist/service-worker.js with this build’s shell to precache, then its compressed copies', async () => {
    const dist = await buildApp(APP_FILES);
    const worker = readFileSync(path.join(dist, 'service-worker.js'), 'utf8');
    expect(worker).not.toContain('__WB_MANIFEST');
    // A classic script, as the app registers it.
    expect(worker).not.toMatch(/^\s*(import|export)\s/m);

    const precache = precacheOf(worker);
    const urls = precache.map((entry) => entry.url).sort();
    expect(urls).toEqual([
      expect.stringMatching(/^assets\/index-[\w-]+\.js$/),
      expect.stringMatching(/^assets\/landing-[\w-]+\.js$/),
      'index.html',
      'logo.svg',
      'manifest.webmanifest',
    ]);
    // The other page is built but left to be kept once loaded; robots.txt is not in the shell.
    expect(readdirSync(path.join(dist, 'assets'))).toContainEqual(
      expect.stringMatching(/^other-[\w-]+\.js$/),
    );
    // Hashed build files need no revision; the others are revisioned by their content.
    for (const entry of precache)
      expect(entry.revision === null, entry.url).toBe(entry.url.startsWith('assets/'));

    // The precompress plugin ran after the worker was written: its copy is of the final worker.
    const br = path.join(dist, 'service-worker.js.br');
    expect(brotliDecompressSync(readFileSync(br)).toString('utf8')).toBe(worker);
  });

  it("builds no worker for a root without the worker's source (the bench's skeleton app)", async () => {
    const { [WORKER_SOURCE]: _worker, ...withoutWorker } = APP_FILES;
    const dist = await buildApp(withoutWorker);
    expect(existsSync(path.join(dist, 'index.html'))).toBe(true);
    expect(existsSync(path.join(dist, 'service-worker.js'))).toBe(false);
  });
});
