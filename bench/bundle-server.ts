// The server bench/bundle-size.ts loads its pages from: the real app (apps/server/src/app.ts, with its static SPA,
// compression and security headers) serving the web build in BUNDLE_WEB_DIST, and a second instance serving the
// skeleton's build in BUNDLE_SKELETON_DIST, so that both are sent the same way. One database (the embedded one in
// DATA_DIR unless DATABASE_URL is set) with the demo clinic; it prints the demo logins, then one
// `<name> listening on <url>` line per instance. No scheduler, mail worker or reminder tick runs.
import { loadConfig } from '../apps/server/src/config';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemoIfEmpty } from '../apps/server/src/demo/demo';
import { loadStarterLibrary } from '../apps/server/src/modules/library/starter-library.service';
import { processContext } from '../apps/server/src/process-context';

const webDist = process.env.BUNDLE_WEB_DIST;
const skeletonDist = process.env.BUNDLE_SKELETON_DIST;
if (!webDist || !skeletonDist) throw new Error('BUNDLE_WEB_DIST and BUNDLE_SKELETON_DIST must name builds');

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await loadStarterLibrary(database.db);
const ctx = processContext(config, database.db);
await seedDemoIfEmpty(ctx, (line) => console.log(line));

const apps = await Promise.all([
  buildApp(ctx, { webDist }).then((app) => ({ name: 'web', app })),
  buildApp(ctx, { webDist: skeletonDist }).then((app) => ({ name: 'skeleton', app })),
]);
for (const { name, app } of apps) {
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`${name} listening on ${url}`);
}

let closing = false;
process.on('SIGTERM', () => {
  if (closing) return;
  closing = true;
  void Promise.all(apps.map(({ app }) => app.close()))
    .then(() => database.close())
    .finally(() => process.exit(0));
});
