import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shellChunks, writePrecache } from './service-worker-precache';

const WORKER = "self.addEventListener('fetch', () => {});\n";
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A build as Vite leaves it before the worker is written: the page, hashed files and public/'s copies. */
function makeBuild(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'hep-sw-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const BUILD_FILES = {
  'index.html': '<script type="module" src="/assets/index-a1.js"></script>',
  'assets/index-a1.js': 'entry',
  'service-worker.js': WORKER,
  'logo.svg': '<svg/>',
  'manifest.webmanifest': '{}',
  'icons/icon-192.png': 'png',
  'icons/notes.txt': 'not an icon',
  'robots.txt': 'not in the shell',
};

/** Runs the worker's header as the browser would, and returns what it set. */
function headerOf(worker: string): { precache: string[]; build: string } {
  const self: { __PRECACHE?: string[]; __BUILD?: string } = {};
  const header = worker.slice(0, worker.indexOf(WORKER));
  new Function('self', header)(self);
  return { precache: self.__PRECACHE!, build: self.__BUILD! };
}

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

describe('writePrecache', () => {
  it("writes the build's shell and version at the top of the service worker, which stays as it was below", async () => {
    const out = makeBuild(BUILD_FILES);
    const written = await writePrecache(out, ['assets/index-a1.js']);
    const worker = readFileSync(path.join(out, 'service-worker.js'), 'utf8');
    expect(worker.endsWith(WORKER)).toBe(true);
    const header = headerOf(worker);
    expect(header.precache).toEqual([
      '/index.html',
      '/assets/index-a1.js',
      '/icons/icon-192.png',
      '/logo.svg',
      '/manifest.webmanifest',
    ]);
    expect(header.build).toMatch(/^[0-9a-f]{12}$/);
    expect(written).toEqual({ urls: header.precache, build: header.build });
  });

  it('gives the same build the same version, and any change to a shell file a new one', async () => {
    const versionOf = async (files: Record<string, string>) => {
      const { build } = await writePrecache(makeBuild(files), ['assets/index-a1.js']);
      rmSync(dir, { recursive: true, force: true });
      return build;
    };
    const first = await versionOf(BUILD_FILES);
    expect(await versionOf(BUILD_FILES)).toBe(first);
    const changes = [
      { 'assets/index-a1.js': 'entry, changed' },
      { 'index.html': '<title>changed</title>' },
      { 'icons/icon-192.png': 'a new icon' },
      { 'service-worker.js': `${WORKER}// changed\n` },
    ];
    const versions = new Set([first]);
    for (const change of changes) versions.add(await versionOf({ ...BUILD_FILES, ...change }));
    expect(versions.size).toBe(changes.length + 1);
    // A file outside the shell does not make a new worker.
    expect(await versionOf({ ...BUILD_FILES, 'robots.txt': 'changed' })).toBe(first);
  });
});
