import { DrizzleQueryError, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { isUniqueViolation } from './unique-violation';
import { preparedStatement } from './prepared-sql';

// On PostgreSQL (TEST_DB=postgres) these run straight on the pool; on PGlite through Drizzle: both must agree.
const typedSql = () => {
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  return sql`select ${sql.placeholder('n')}::int as n, ${sql.placeholder('day')}::date as day, ${at} as at,
    array[${sql.placeholder('day')}::date] as days, '1.50'::numeric as amount, 10::bigint as big,
    json_build_object('a', 1) as doc, ${'fixed'}::text as fixed, null::text as missing`;
};
const typed = preparedStatement<Record<string, unknown>>('test_prepared_types', typedSql);

describe('preparedStatement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads each type as Drizzle does: dates and times as the text sent, numbers, JSON and constants', async () => {
    const rows = await typed(t.ctx.db, { n: 7, day: '2026-02-28', at: '2026-02-28T10:00:00.000Z' });
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.n).toBe(7);
    expect(row.day).toBe('2026-02-28');
    expect(typeof row.at).toBe('string');
    expect(new Date(row.at as string).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(row.days).toBe('{2026-02-28}');
    expect(row.amount).toBe('1.50');
    expect(row.doc).toEqual({ a: 1 });
    expect(row.fixed).toBe('fixed');
    expect(row.missing).toBeNull();
    // Row for row what Drizzle's own prepared query reads on the same database.
    const values = { n: 7, day: '2026-02-28', at: '2026-02-28T10:00:00.000Z' };
    const viaDrizzle = t.ctx.db._.session.prepareQuery(
      new PgDialect().sqlToQuery(typedSql()),
      undefined,
      'test_prepared_types_drizzle',
      false,
    );
    expect(rows).toEqual(((await viaDrizzle.execute(values)) as { rows: unknown[] }).rows);
  });

  it('runs again with other values (the statement is kept, the values are not)', async () => {
    const first = await typed(t.ctx.db, { n: 1, day: '2026-01-01', at: '2026-01-01T00:00:00.000Z' });
    const second = await typed(t.ctx.db, { n: 2, day: '2024-02-29', at: '2024-02-29T23:59:59.999Z' });
    expect([first[0]!.n, first[0]!.day]).toEqual([1, '2026-01-01']);
    expect([second[0]!.n, second[0]!.day]).toEqual([2, '2024-02-29']);
  });

  it('refuses a call that leaves out a value', async () => {
    await expect(typed(t.ctx.db, { n: 1, day: '2026-01-01' })).rejects.toThrow(
      'No value for placeholder "at" was provided',
    );
  });

  it("wraps PostgreSQL's error as Drizzle does, with PostgreSQL's code still found under it", async () => {
    const taken = preparedStatement<{ id: number }>('test_prepared_taken', () => {
      const email = sql`${sql.placeholder('email')}::text`;
      return sql`insert into users (email, first_name, last_name) values (${email}, 'Prepared', 'Test') returning id`;
    });
    const email = `prepared-${Date.now()}@example.test`;
    const [created] = await taken(t.ctx.db, { email });
    expect(created!.id).toBeGreaterThan(0);
    const error = await taken(t.ctx.db, { email }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect(isUniqueViolation(error)).toBe(true);
  });
});
