import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

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
 * pages' chunks are cached as they load.
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

/** The shell files copied from public/, as file names under the output folder. */
async function publicShellFiles(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(outDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((file) => SHELL_PUBLIC_FILE.test(file))
    .sort();
}

/**
 * Writes the precache list (URLs) and the build version into the service worker copied from public/: the version
 * is a hash of every precached file and of the worker itself, so that any change installs a new worker under a
 * new cache name, and an unchanged build keeps its cache.
 */
export async function writePrecache(
  outDir: string,
  shellFiles: string[],
): Promise<{ urls: string[]; build: string }> {
  const files = ['index.html', ...shellFiles, ...(await publicShellFiles(outDir))];
  const workerFile = path.join(outDir, 'service-worker.js');
  const worker = await readFile(workerFile, 'utf8');
  const hash = createHash('sha256').update(worker);
  for (const file of files) hash.update(file).update(await readFile(path.join(outDir, file)));
  const build = hash.digest('hex').slice(0, 12);
  const urls = files.map((file) => `/${file}`);
  const header = `self.__PRECACHE = ${JSON.stringify(urls)};\nself.__BUILD = ${JSON.stringify(build)};\n`;
  await writeFile(workerFile, header + worker);
  return { urls, build };
}

/**
 * Gives dist/service-worker.js this build's app shell to precache (design 10.5). Runs when the bundle is written,
 * before the precompress plugin compresses the files (closeBundle).
 */
export function serviceWorkerPrecache(options: { landing: string[] }): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'hep-service-worker-precache',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_output, bundle) {
      // A build without our worker (the bench's skeleton app) has nothing to precache.
      if (!existsSync(path.join(outDir, 'service-worker.js'))) return;
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      await writePrecache(outDir, shellChunks(chunks, root, options.landing));
    },
  };
}
