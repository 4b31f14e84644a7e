import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCareTeam, login, type Session } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildProgram } from '../../../test/program-factories';

// Adherence reads feedback by program and day (feedback_program_date_idx): with a clinic's worth of feedback in the
// table, neither the endpoint nor the client list may scan the whole of it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Client = { query: (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };
const driver = () => (t.ctx.db._.session as unknown as { client: Client }).client;

/** The statements (text and values) a request sends, whichever driver sends them. */
async function statementsOf(request: () => Promise<unknown>) {
  const spy = vi.spyOn(driver(), 'query');
  try {
    await request();
    return spy.mock.calls.map(([query, values]) => ({
      text: typeof query === 'string' ? query : (query as { text: string }).text,
      values: values as unknown[],
    }));
  } finally {
    spy.mockRestore();
  }
}

async function planOf(statement: { text: string; values: unknown[] }): Promise<string> {
  const { rows } = await driver().query(`explain ${statement.text}`, statement.values);
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

/** 120 more programs of the client with three exercises each and 60 days of feedback: 21,600 rows. */
async function fillFeedback(clientId: number, therapistId: number) {
  await t.ctx.db
    .execute(sql`insert into programs (client_id, therapist_id, name, start_date, days_of_week, is_draft)
    select ${clientId}, ${therapistId}, 'Bulk ' || g, date '2027-04-01', '{MON,TUE,WED,THU,FRI,SAT,SUN}', false
    from generate_series(1, 120) g`);
  await t.ctx.db.execute(sql`insert into exercises (program_id, position, name)
    select p.id, k, 'Bulk exercise ' || k from programs p, generate_series(0, 2) k
    where p.client_id = ${clientId} and p.name like 'Bulk %'`);
  await t.ctx.db
    .execute(sql`insert into feedback (exercise_id, program_id, client_id, date_completed, effort_rating)
    select e.id, e.program_id, ${clientId}, date '2027-04-18' + d, 5
    from exercises e join programs p on p.id = e.program_id, generate_series(0, 59) d
    where p.client_id = ${clientId} and p.name like 'Bulk %'`);
  await t.ctx.db.execute(sql`analyze programs, exercises, feedback`);
}

describe('the plans of the adherence reads', () => {
  let session: Session;
  let programId: number;
  let clientId: number;
  beforeAll(async () => {
    t.clock.set('2027-06-16T10:00:00Z');
    const team = await buildCareTeam(t.ctx);
    clientId = team.client.id;
    programId = (await buildProgram(t.ctx, team.client.id, team.therapist.id, { startDate: '2027-04-01' }))
      .id;
    await fillFeedback(team.client.id, team.therapist.id);
    session = await login(t, team.therapist);
  });

  const get = (url: string) => () => t.app.inject({ method: 'GET', url, headers: session.headers });

  it('reads feedback through its program and date index, never a scan, on the endpoint', async () => {
    await get(`/api/programs/${programId}/adherence/`)(); // the zone list is cached from here on
    const [statement, ...more] = await statementsOf(get(`/api/programs/${programId}/adherence/?weeks=8`));
    expect(more).toEqual([]);
    const plan = await planOf(statement!);
    expect(plan).toContain('feedback_program_date_idx');
    expect(plan).not.toMatch(/Seq Scan on feedback/);
  });

  it('reads feedback through its program and date index on the client list and the program cards', async () => {
    const requests = [
      get('/api/users/clients/?page=1'),
      get('/api/users/clients/'),
      get(`/api/programs/?client=${clientId}`),
    ];
    for (const request of requests) {
      const statements = await statementsOf(request);
      const list = statements.find((s) => /feedback/.test(s.text))!;
      const plan = await planOf(list);
      expect(plan).toContain('feedback_program_date_idx');
      expect(plan).not.toMatch(/Seq Scan on feedback/);
    }
  });
});
