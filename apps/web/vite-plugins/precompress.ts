import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The text files of a build; images, fonts and video are compressed already. */
export const TEXT_ASSET = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) beside every text file under `dir`, for the
 * server to send as they are (@fastify/static `preCompressed`). A file that does not get smaller gets no sibling:
 * the server then sends it as it is. Returns the files compressed.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const done: string[] = [];
  for (const file of await filesUnder(dir)) {
    if (!TEXT_ASSET.test(file)) continue;
    const content = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length >= content.length || gz.length >= content.length) continue;
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    done.push(file);
  }
  return done;
}

/** Precompresses the build output (Vite's own files and those copied from public/) once it is all written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hep-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Last, once every other plugin (the service worker's) has written its files.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if ((await stat(outDir).catch(() => null))?.isDirectory()) await precompressDir(outDir);
      },
    },
  };
}
