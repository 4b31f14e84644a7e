import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, PGLITE_EXTENSIONS } from '../../db/client';
import { getMetricsByFullScan } from './metrics-full-scan.test-support';
import { getMetrics } from './metrics.service';

// A database made before the counters (migrations up to 0021) and holding data: migration 0022 counts what is there
// (docs/decisions/028-staff-counters.md), so the first read after the upgrade already answers as the full scan.
const before = mkdtempSync(path.join(os.tmpdir(), 'hep-before-counters-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The migrations folder as the release before the counters shipped it. */
function migrationsBeforeCounters(): string {
  cpSync(migrationsFolder, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 21);
  writeFileSync(journalFile, JSON.stringify(journal));
  return before;
}

describe('migration 0022 on a database with data', () => {
  it('counts what is there', async () => {
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: migrationsBeforeCounters() });
      await db.execute(
        sql`insert into clinics (id, name) values (1, 'Harbour'), (2, 'alpine'), (3, 'Empty')`,
      );
      await db.execute(sql`insert into users (id, email, first_name, last_name, is_staff, is_therapist, is_carer,
          is_active)
        select g, 'user' || g || '@example.test', 'First', 'Last ' || g, g = 1, g between 2 and 4, g = 5, g % 7 <> 3
        from generate_series(1, 40) g`);
      await db.execute(sql`insert into therapist_profiles (user_id, discipline, clinic_id)
        values (2, 'Physiotherapist', 1), (3, 'Physiotherapist', 2), (4, 'Other', null)`);
      await db.execute(sql`insert into client_profiles (user_id, clinic_id, created_by_id)
        select g, nullif(g % 3, 0), 2 + g % 3 from generate_series(6, 40) g`);
      await db.execute(sql`insert into programs (id, client_id, therapist_id, name)
        select g, 6 + g % 35, case when g % 5 = 0 then null else 2 + g % 3 end, 'Program ' || g
        from generate_series(1, 60) g`);
      await db.execute(sql`insert into exercises (id, program_id, position, name, instructions)
        select g, g, 0, 'Exercise', 'Ten times' from generate_series(1, 60) g`);
      await db.execute(sql`insert into feedback (exercise_id, program_id, client_id, date_completed, effort_rating)
        select 1 + g % 60, 1 + g % 60, 6 + (1 + g % 60) % 35, date '2025-01-01' + g / 60, g % 11
        from generate_series(1, 500) g`);

      await migrate(db, { migrationsFolder });

      const counted = await getMetrics({ db });
      expect(counted.exercise_feedback.total).toBe(500);
      expect(JSON.stringify(counted)).toBe(JSON.stringify(await getMetricsByFullScan(db)));
    } finally {
      await client.close();
    }
  });
});
