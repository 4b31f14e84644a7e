// Benchmarks report ratios against a baseline measured in the same run, never absolute times.
// Baseline: GET /api/health/ (one trivial query). Measured: an authenticated profile read (token check,
// user lookup, profile join, audit write) and a token refresh (rotation in the database).
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { wrapPglite } from '../apps/server/src/db/client';
import { seedDemoIfEmpty } from '../apps/server/src/db/seed/demo';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { findUserByEmail, updateUserFields } from '../apps/server/src/modules/users/users.repository';

const ROUNDS = 300;

async function time(fn: () => Promise<unknown>, rounds = ROUNDS): Promise<number> {
  for (let i = 0; i < 5; i++) await fn();
  const start = performance.now();
  for (let i = 0; i < rounds; i++) await fn();
  return (performance.now() - start) / rounds;
}

const database = await wrapPglite(new PGlite());
const ctx = {
  config: loadConfig({ LOG_LEVEL: 'silent' }),
  db: database.db,
  mailer: { send: async () => undefined },
  secretKey: new TextEncoder().encode('bench-secret-key-bench-secret-key-0123'),
  now: () => new Date(),
};
await seedDemoIfEmpty(ctx, () => undefined);
const therapist = (await findUserByEmail(ctx.db, 'therapist@demo.clinic'))!;
await updateUserFields(ctx.db, therapist.id, { passwordHash: await hashPassword('bench password') });
const app = await buildApp(ctx, { webDist: null });
const login = await app.inject({
  method: 'POST',
  url: '/api/login/',
  payload: { email: therapist.email, password: 'bench password' },
});
const { access } = login.json<{ access: string }>();
let refresh = login.json<{ refresh: string }>().refresh;

const baseline = await time(() => app.inject({ method: 'GET', url: '/api/health/' }));
const profile = await time(() =>
  app.inject({
    method: 'GET',
    url: `/api/users/${therapist.id}/`,
    headers: { authorization: `Bearer ${access}` },
  }),
);
// The refresh route allows 60 calls a minute per address: stay under it.
const rotate = await time(async () => {
  const res = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
  if (res.statusCode !== 200) throw new Error(`refresh answered ${res.statusCode}`);
  refresh = res.json<{ refresh: string }>().refresh;
}, 50);

console.log(
  JSON.stringify({
    rounds: ROUNDS,
    profile_read_vs_health: +(profile / baseline).toFixed(2),
    refresh_vs_health: +(rotate / baseline).toFixed(2),
  }),
);
await app.close();
await database.close();
