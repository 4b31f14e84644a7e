// npm start: compile the catalogs, build the web app when it is not built (or older than its sources), then run the
// server.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');

// The compiled catalogs are rewritten by every compile: their PO files say when the texts changed.
const COMPILED_CATALOG = /[\\/]locales[\\/][^\\/]+\.ts$/;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (COMPILED_CATALOG.test(full)) continue;
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

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

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
