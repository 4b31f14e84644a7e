// Where the server's bundle lives and what it is built from (scripts/build-server.mjs builds it, scripts/start.mjs
// runs it and rebuilds it when it is older than any of these).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/server.js');

/** Our sources, and what says the bundled dependencies changed (npm rewrites it on every install that changes one). */
export const SERVER_SOURCES = [
  'apps/server/src',
  'packages/shared/src',
  'apps/server/package.json',
  'node_modules/.package-lock.json',
  'scripts/build-server.mjs',
  'scripts/server-bundle.mjs',
];

/** The compiled catalogs are rewritten by every compile: their PO files, beside them, say when the texts changed. */
export const COMPILED_CATALOG = /[\\/]locales[\\/][^\\/]+\.ts$/;

/** The newest modification time of a file or of any file under a folder (0 when it does not exist). */
export function newestMtime(file, skip = (full) => COMPILED_CATALOG.test(full)) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(file, { withFileTypes: true })) {
    const full = path.join(file, entry.name);
    if (!skip(full)) newest = Math.max(newest, newestMtime(full, skip));
  }
  return newest;
}

export function serverBundleIsStale() {
  if (!existsSync(SERVER_BUNDLE)) return true;
  const built = statSync(SERVER_BUNDLE).mtimeMs;
  return SERVER_SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}
