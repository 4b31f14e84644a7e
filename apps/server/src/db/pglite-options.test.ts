import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hep-pglite-options-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// docs/decisions/014-embedded-memory.md: the embedded database's shared buffers are cut to 16 MB, and nothing else of
// PostgreSQL's configuration changes with it (PGlite's `postgresqlconf` option would rewrite postgresql.conf and
// lose the UTC time zone initdb wrote there).
describe('the embedded database', () => {
  it('runs with 16 MB of shared buffers and keeps the configuration initdb wrote', async () => {
    for (const opening of ['first start', 'restart']) {
      const database = await openPglite(dataDir);
      try {
        const shown = async (name: string) =>
          Object.values(
            ((await database.db.execute(sql.raw(`SHOW ${name}`))) as unknown as { rows: object[] }).rows[0]!,
          )[0];
        expect({ opening, buffers: await shown('shared_buffers'), zone: await shown('timezone') }).toEqual({
          opening,
          buffers: '16MB',
          zone: 'UTC',
        });
        expect(await shown('default_text_search_config')).toBe('pg_catalog.english');
      } finally {
        await database.close();
      }
    }
  });
});
