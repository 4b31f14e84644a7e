// npm start: compile the catalogs, build the web app and bundle the server when either is missing or older than its
// sources, then become the server: this process is replaced by `node apps/server/dist/server.js` (the same process,
// so whatever signals it signals the server), and no wrapper stays resident beside it
// (docs/decisions/001-tsx-runtime.md).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_BUNDLE, newestMtime, root, serverBundleIsStale } from './server-bundle.mjs';

const dist = path.join(root, 'apps/web/dist/index.html');

// The catalogs first (npm install compiled them, but a translator may have edited a PO file since).
const compiled = spawnSync('npm', ['run', '--silent', 'i18n:compile'], { cwd: root, stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

const sources = ['apps/web/src', 'apps/web/public', 'apps/web/service-worker', 'packages/shared/src'].map(
  (d) => path.join(root, d),
);
const stale =
  !existsSync(dist) || sources.some((d) => existsSync(d) && newestMtime(d) > statSync(dist).mtimeMs);
if (stale) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@hep/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// In a process of its own, so that esbuild and its service process are gone before the server starts.
if (serverBundleIsStale()) {
  console.log('Bundling the server...');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The daily backup of a PostgreSQL database (BACKUP_DAILY=1) runs pg_dump: installed here when missing
// (docs/product/backups.md#daily-backups). Without it the server still starts, and each backup's failure is logged.
if (process.env.DATABASE_URL && ['1', 'true'].includes(process.env.BACKUP_DAILY ?? '')) {
  spawnSync('bash', [path.join(root, 'scripts/ensure-pg-client.sh')], { cwd: root, stdio: 'inherit' });
}

/*
 * Memory of the idle process (docs/decisions/014-embedded-memory.md, measured on the embedded database):
 * - glibc gives each thread that allocates its own malloc arena, and those that compiled PGlite's WebAssembly keep
 *   the freed memory for good: two arenas in all. glibc reads this at process start, hence set for the exec; an
 *   operator's own value wins.
 * - On the embedded database, one V8 background thread instead of four: PGlite's functions are then optimised one
 *   at a time rather than four at once, which leaves ~20 MB less behind (the first queries are slower for a few
 *   seconds); and V8's young generation capped at 2 x 8 MB, which start-up otherwise grows to 64 MB and does not
 *   always give back. A server on PostgreSQL keeps V8's defaults.
 */
const env = { MALLOC_ARENA_MAX: '2', ...process.env };
const flags = process.env.DATABASE_URL ? [] : ['--v8-pool-size=1', '--max-semi-space-size=8'];

// The server reads DATA_DIR (./data by default) and the web build relative to where it runs, as before.
process.chdir(root);
if (typeof process.execve === 'function' && process.platform !== 'win32') {
  process.execve(process.execPath, [process.execPath, ...flags, SERVER_BUNDLE], env);
} else {
  // No exec on Windows: the server runs in this process, as it is.
  await import(pathToFileURL(SERVER_BUNDLE).href);
}
