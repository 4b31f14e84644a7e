import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZClientListPage } from '@hep/shared/schemas/clients';
import {
  buildClient,
  buildClinic,
  buildStaff,
  buildTherapist,
  login,
  type Session,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { type ClientSearch, findClientPage } from './clients.repository';

// The staff name search goes through users_name_trgm_idx (pg_trgm, migration 0022; docs/decisions/028-staff-counters.md)
// and still matches exactly what it matched: any part of either name or of the whole name, in any letter case, with
// `%`, `_` and `\` as characters to find.
let t: TestApp;
let staff: Session;
const ids: Record<string, number> = {};

const NAMES: [string, string][] = [
  ['Grace', 'Hopper'],
  ['Ada', 'Lovelace'],
  ['Élodie', 'DURAND'],
  ['Per', '100% Fit'],
  ['Snake', 'Case_Name'],
  ['Back', 'Slash\\Name'],
  ['Hopper', 'Grace'],
];

beforeAll(async () => {
  t = await createTestApp();
  const clinicId = await buildClinic(t.ctx);
  const therapist = await buildTherapist(t.ctx, clinicId);
  for (const [firstName, lastName] of NAMES)
    ids[`${firstName} ${lastName}`] = (
      await buildClient(t.ctx, clinicId, therapist.id, { firstName, lastName })
    ).id;
  staff = await login(t, await buildStaff(t.ctx));
});
afterAll(() => t.close());

async function found(query: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/users/clients/${query}`,
    headers: staff.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const page = ZClientListPage.parse(res.json());
  expect(page.count).toBe(page.results.length);
  return page.results.map((r) => `${r.first_name} ${r.last_name}`).sort();
}

describe('the staff name search', () => {
  it.each([
    ['?q=hop', ['Grace Hopper', 'Hopper Grace']],
    ['?q=grace%20hop', ['Grace Hopper']],
    ['?q=hopper%2C%20gr', ['Grace Hopper']],
    ['?q=e%20h', ['Grace Hopper']],
    ['?q=r%20g', ['Hopper Grace']],
    ['?q=lodie%20du', ['Élodie DURAND']],
    // Both sides go through lower() alike, whatever the database's locale makes of É.
    ['?q=durand%2C%20%C3%89lo', ['Élodie DURAND']],
    ['?q=ra&by=last_name', ['Élodie DURAND', 'Hopper Grace']],
    ['?q=ra&by=first_name', ['Grace Hopper']],
    ['?q=0%25', ['Per 100% Fit']],
    ['?q=%25', ['Per 100% Fit']],
    ['?q=e_n', ['Snake Case_Name']],
    ['?q=_', ['Snake Case_Name']],
    ['?q=h%5Cn', ['Back Slash\\Name']],
    ['?q=e%20f', []],
    ['?q=grace%20hopper%2C%20grace', []],
  ])('%s finds %j', async (query, names) => {
    expect(await found(`${query}&page=1`)).toEqual([...names].sort());
  });

  it('reads users through the trigram index when a scan of every user is not an option', async () => {
    const client = (t.ctx.db as unknown as { $client: PGlite | pg.Pool }).$client;
    const logged: { query: string; params: unknown[] }[] = [];
    const logger: Logger = { logQuery: (query, params) => void logged.push({ query, params }) };
    const postgres = process.env.TEST_DB === 'postgres';
    const recording = postgres
      ? drizzlePg({ client: client as pg.Pool, logger })
      : drizzlePglite({ client: client as PGlite, logger });
    const searches: ClientSearch[] = [
      { by: 'name', term: 'hopper, gr' },
      { by: 'last_name', term: 'love' },
      { by: 'first_name', term: 'lodie' },
    ];
    for (const search of searches) {
      logged.length = 0;
      const page = await findClientPage(
        recording,
        { all: true },
        search,
        { offset: 0, limit: 50 },
        {
          now: new Date(),
          zones: ['UTC'],
        },
      );
      expect(page.count).toBe(1);
      const statement = logged[0]!;
      // One connection for the three statements: a pool's.
      const connection = postgres ? await (client as pg.Pool).connect() : (client as PGlite);
      const session = connection as unknown as {
        query(text: string, params?: unknown[]): Promise<{ rows: Record<string, string>[] }>;
      };
      try {
        await session.query('set enable_seqscan = off');
        const plan = await session.query(`explain ${statement.query}`, statement.params);
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(text).toContain('users_name_trgm_idx');
        expect(text).not.toMatch(/Seq Scan on users/);
      } finally {
        await session.query('reset enable_seqscan');
        if (postgres) (connection as pg.PoolClient).release();
      }
    }
  });
});
