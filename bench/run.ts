// `npm run bench`: the real API server and a bare Fastify + pg server, each its own process on one freshly seeded
// PostgreSQL database, loaded in turn by autocannon on loopback; every endpoint is reported as a ratio to the bare
// routes run right before and after it, then the first bundle's size against a skeleton.
// Options: --no-bundle (skip the bundle builds), --quick (1 s runs, 1 round: a smoke test, not a measurement),
// --only=TEXT[,TEXT] (only the rows whose name contains one of them, for working on those rows).
import { execFileSync } from 'node:child_process';
import { measureBundles } from './bundle';
import { repoRoot } from './child-process';
import { benchDatabaseUrl, databaseNameOf } from './config';
import { recreateDatabase } from './database';
import { endpointsFor, type Sessions } from './endpoints';
import { call, login } from './http';
import { startServers } from './processes';
import { printBundle, printJsonLine, printLoadTable } from './report';
import { runRounds } from './rounds';
import { recordSameStatements } from './same-statements';
import type { Run } from './schedule';
import { summarizeBaselines, summarizeEndpoints } from './schedule';
import { seedDatabase } from './seed';
import type { Fixtures } from './seed-fixtures';
import { openSettler } from './settle';

const withBundle = !process.argv.includes('--no-bundle');
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const url = benchDatabaseUrl();
const today = new Date().toISOString().slice(0, 10);

// Chromium (for the bundle's figures) is looked for before the load runs, not found missing after them.
if (withBundle) execFileSync('bash', ['scripts/ensure-chromium.sh'], { cwd: repoRoot, stdio: 'inherit' });
console.log(`Recreating ${url.host}/${databaseNameOf(url)} and running the migrations...`);
await recreateDatabase(url);
const fixtures = await seedDatabase(url, today);

const loginAll = async (apiUrl: string, f: Fixtures): Promise<Sessions> => ({
  therapist: await login(apiUrl, f.therapist.email),
  staff: await login(apiUrl, f.staff.email),
  weekClient: await login(apiUrl, f.weekClient.email),
  writer: await login(apiUrl, f.writer.email),
});

async function checkBaselines(bareUrl: string): Promise<void> {
  const select = await call(`${bareUrl}/bare/select/${fixtures.therapist.id}`);
  const insert = await call(`${bareUrl}/bare/insert`, {
    method: 'POST',
    json: { exercise: 1, date_completed: today, effort_rating: 5, feeling: '' },
  });
  if (select.status !== 200 || insert.status !== 201) {
    throw new Error(`bare server answered ${select.status} (select) and ${insert.status} (insert)`);
  }
}

const servers = await startServers(url);
process.once('SIGINT', () => void servers.stop().then(() => process.exit(130)));
let rounds: Run[][];
try {
  const settler = await openSettler(url);
  try {
    const ctx = {
      apiUrl: servers.api.url,
      bareUrl: servers.bare.url,
      fixtures,
      sessions: await loginAll(servers.api.url, fixtures),
    };
    const endpoints = (await endpointsFor(ctx)).filter(
      (endpoint) => !only || only.some((text) => endpoint.name.includes(text)),
    );
    // A bench timing 401s or 404s would measure nothing worth reading.
    await checkBaselines(ctx.bareUrl);
    for (const endpoint of endpoints) await endpoint.check();
    // The same-statement baselines: each row's request served once by the API's own code here, its statements
    // recorded and handed to the bare server, which replays them (bench/same-statements.ts).
    const recordings = await recordSameStatements(
      url,
      endpoints.flatMap((endpoint) => (endpoint.same ? [endpoint.same.request] : [])),
    );
    const loaded = await call(`${ctx.bareUrl}/bare/recordings`, { method: 'POST', json: recordings });
    if (loaded.status !== 204) throw new Error(`the bare server refused the recordings: ${loaded.status}`);
    // A read's replay checked once here; a write's answers are counted by the runs (non-2xx fails the bench).
    for (const endpoint of endpoints) {
      const request = endpoint.same?.load().requests[0];
      if (!request || request.method !== 'GET') continue;
      const probe = await call(`${ctx.bareUrl}${request.path}`);
      if (probe.status !== 200)
        throw new Error(`${endpoint.name}: the same-statement route answered ${probe.status}`);
    }
    rounds = await runRounds({
      endpoints,
      bareUrl: ctx.bareUrl,
      userId: fixtures.therapist.id,
      beforeRound: async () => void (ctx.sessions = await loginAll(ctx.apiUrl, fixtures)),
      settle: settler.settle,
    });
  } finally {
    await settler.close();
  }
} finally {
  await servers.stop();
}

const endpointSummaries = summarizeEndpoints(rounds);
const baselineSummaries = summarizeBaselines(rounds);
printLoadTable(endpointSummaries, baselineSummaries);
const bundle = await measureBundles(withBundle);
printBundle(bundle);
printJsonLine(endpointSummaries, baselineSummaries, bundle);

const belowSame = endpointSummaries.filter(
  (e) => e.sameRatio !== undefined && e.endpoint.same && e.sameRatio < e.endpoint.same.target,
);
for (const e of belowSame)
  console.error(
    `${e.endpoint.name}: ${e.sameRatio!.toFixed(3)} of its same-statement route, below ${e.endpoint.same!.target}`,
  );
if (belowSame.length > 0) process.exitCode = 1;

const failed = [...endpointSummaries, ...baselineSummaries].filter((s) => s.non2xx > 0);
if (failed.length > 0) {
  for (const s of endpointSummaries.filter((e) => e.non2xx > 0)) {
    console.error(`${s.endpoint.name}: ${s.non2xx} non-2xx answers ${JSON.stringify(s.statuses)}`);
  }
  console.error('The bench saw non-2xx answers during its runs: the figures above are not valid.');
  process.exitCode = 1;
}
