import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { BENCH_PASSWORD } from './config';
import { type Fixtures, seedFixtures } from './seed-fixtures';
import { seedVolume, VOLUME } from './seed-volume';

/** The bare insert route's table: the bench's own, not the app's (no migration makes it). */
const BARE_TABLE = `create table bench_inserts (
  id serial primary key,
  exercise_id integer not null,
  date_completed date not null,
  effort_rating smallint not null,
  feeling text not null default '',
  created_at timestamptz not null default now()
)`;

/** Fills the freshly migrated database: background volume, the measured requests' rows, fresh statistics. */
export async function seedDatabase(url: URL, today: string): Promise<Fixtures> {
  const started = performance.now();
  // One argon2 hash (the app's own parameters) for every account: logins work, seeding stays fast.
  const hash = await hashPassword(BENCH_PASSWORD);
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    await seedVolume(db, hash, today);
    const fixtures = await seedFixtures(db, hash, today);
    await db.query(BARE_TABLE);
    // Plans and index-only scans as a long-running database would have them.
    await db.query('vacuum analyze');
    // The load's first runs should not share the disk with the seed's dirty pages being written out.
    await db.query('checkpoint');
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.log(
      `Seeded in ${seconds} s: ${VOLUME.clients.toLocaleString('en')} background clients in ${VOLUME.clinics} ` +
        `clinics, ${VOLUME.feedback.toLocaleString('en')} background feedback rows, and the bench clinic.`,
    );
    return fixtures;
  } finally {
    await db.end();
  }
}
