// Benchmarks report ratios against a baseline measured in the same run, never absolute times.
// Baseline: GET /api/health/ (one trivial query). Measured: an authenticated profile read (token check,
// user lookup, profile join, audit write), a token refresh (rotation in the database), the therapist's client list
// (200 clients), a client's program list with 5 and with 50 programs of 5 exercises (a list must cost a fixed
// number of queries, so 50 programs should not cost anywhere near 10 times 5), the staff metrics, and day statuses:
// a client's weekly list (one batch call over 20 programs) and a program's month calendar.
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { wrapPglite } from '../apps/server/src/db/client';
import { seedDemoIfEmpty } from '../apps/server/src/db/seed/demo';
import { createMailer } from '../apps/server/src/modules/mail/mailer';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import {
  findCaller,
  findUserByEmail,
  updateUserFields,
} from '../apps/server/src/modules/users/users.repository';
import { buildClient, buildStaff } from '../apps/server/test/factories';
import { buildFeedback, buildProgram } from '../apps/server/test/program-factories';
import { addDays, dateInZone, weekStart } from '@hep/shared/domain/day-status';

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
  mailer: createMailer({ db: database.db, now: () => new Date() }),
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

const clinicId = (await findCaller(ctx.db, therapist.id))!.clinicId;
const exercises = Array.from({ length: 5 }, (_, i) => ({ name: `Exercise ${i + 1}` }));
async function clientWithPrograms(count: number): Promise<number> {
  const client = await buildClient(ctx, clinicId, therapist.id);
  for (let i = 0; i < count; i++)
    await buildProgram(ctx, client.id, therapist.id, { name: `P${i}`, exercises });
  return client.id;
}
const fewPrograms = await clientWithPrograms(5);
const manyPrograms = await clientWithPrograms(50);
for (let i = 0; i < 200; i++) await buildClient(ctx, clinicId, therapist.id);
// The weekly list's client: 20 programs that began a week ago, with this week's Monday done on each.
const monday = weekStart(dateInZone(new Date(), null));
const weekClient = await buildClient(ctx, clinicId, therapist.id);
let monthProgram = 0;
for (let i = 0; i < 20; i++) {
  const program = await buildProgram(ctx, weekClient.id, therapist.id, {
    name: `W${i}`,
    startDate: addDays(monday, -7),
    exercises,
  });
  for (const exerciseId of program.exerciseIds.slice(0, 3))
    await buildFeedback(ctx, exerciseId, { dateCompleted: monday });
  monthProgram = program.id;
}
const weekLogin = await app.inject({
  method: 'POST',
  url: '/api/login/',
  payload: { email: weekClient.email, password: weekClient.password },
});
const weekAccess = weekLogin.json<{ access: string }>().access;
const staff = await buildStaff(ctx);
const staffLogin = await app.inject({
  method: 'POST',
  url: '/api/login/',
  payload: { email: staff.email, password: staff.password },
});
const staffAccess = staffLogin.json<{ access: string }>().access;
const get =
  (url: string, token = access) =>
  () =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

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

const clientList = await time(get('/api/users/clients/'), 50);
const programs5 = await time(get(`/api/programs/?client=${fewPrograms}`), 50);
const programs50 = await time(get(`/api/programs/?client=${manyPrograms}`), 50);
const metrics = await time(get('/api/metrics/', staffAccess), 50);
const weekUrl = `/api/programs/status/?start_date=${monday}&end_date=${addDays(monday, 6)}`;
const weekCheck = await get(weekUrl, weekAccess)();
// Timing an error response would measure the wrong thing.
if (weekCheck.statusCode !== 200 || Object.keys(weekCheck.json()).length !== 20)
  throw new Error(`week status answered ${weekCheck.statusCode}`);
const weekStatus = await time(get(weekUrl, weekAccess), 50);
const monthStatus = await time(get(`/api/programs/${monthProgram}/status/?month=${monday.slice(0, 7)}`), 50);

const ratio = (a: number, b: number) => +(a / b).toFixed(2);
console.log(
  JSON.stringify({
    rounds: ROUNDS,
    profile_read_vs_health: ratio(profile, baseline),
    refresh_vs_health: ratio(rotate, baseline),
    client_list_200_vs_health: ratio(clientList, baseline),
    program_list_5_vs_health: ratio(programs5, baseline),
    program_list_50_vs_5: ratio(programs50, programs5),
    metrics_vs_health: ratio(metrics, baseline),
    week_status_20_vs_health: ratio(weekStatus, baseline),
    month_status_vs_health: ratio(monthStatus, baseline),
  }),
);
await app.close();
await database.close();
