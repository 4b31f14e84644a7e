import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import {
  buildCareTeam,
  buildClient,
  buildStaff,
  buildTherapist,
  login,
  type Session,
} from '../../../test/factories';
import { buildDailyProgram, feedbackFields, submitFeedback } from '../../../test/feedback-factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { dayFrom } from '../../../test/program-factories';
import { verifyAuditChain } from '../audit/audit-verify.service';

// The prepared statements of the hot paths (program-reads, progress/program-status and feedback-statements
// repositories) check scope in SQL: each is asked here by every kind of caller, and each writes its audit row in the
// same statement.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (session: Session, url: string) => t.app.inject({ method: 'GET', url, headers: session.headers });
const auditOf = async (res: { headers: Record<string, unknown> }) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.correlationId, String(res.headers['x-correlation-id'])));

async function setUp() {
  const team = await buildCareTeam(t.ctx);
  const published = await buildDailyProgram(t.ctx, team.client.id, team.therapist.id, { name: 'Published' });
  const draft = await buildDailyProgram(t.ctx, team.client.id, team.therapist.id, { isDraft: true });
  const week = `start_date=${dayFrom(t.ctx, -1)}&end_date=${dayFrom(t.ctx, 5)}`;
  const month = dayFrom(t.ctx).slice(0, 7);
  return { ...team, published, draft, week, month };
}

/** What each hot read answers a caller: the week's programs, the week's statuses, a month, an exercise's history. */
async function readsOf(session: Session, s: Awaited<ReturnType<typeof setUp>>) {
  const [week, batch, monthPublished, monthDraft, historyPublished, historyDraft] = await Promise.all([
    get(session, `/api/programs/?${s.week}`),
    get(session, `/api/programs/status/?${s.week}`),
    get(session, `/api/programs/${s.published.id}/status/?month=${s.month}`),
    get(session, `/api/programs/${s.draft.id}/status/?month=${s.month}`),
    get(session, `/api/feedback/?exercise=${s.published.exerciseIds[0]}`),
    get(session, `/api/feedback/?exercise=${s.draft.exerciseIds[0]}`),
  ]);
  const ids = (res: typeof week) => (res.json() as { id: number }[]).map((p) => p.id);
  return {
    week: ids(week).filter((id) => id === s.published.id || id === s.draft.id),
    batch: Object.keys(batch.json() as object)
      .map(Number)
      .filter((id) => id === s.published.id || id === s.draft.id),
    statuses: [monthPublished, monthDraft, historyPublished, historyDraft].map((r) => r.statusCode),
    responses: { monthPublished, monthDraft, historyDraft },
  };
}

describe('the hot paths keep the scope rules', () => {
  it('give the client their published program only, never the draft', async () => {
    const s = await setUp();
    const reads = await readsOf(await login(t, s.client), s);
    expect(reads).toMatchObject({
      week: [s.published.id],
      batch: [s.published.id],
      statuses: [200, 404, 200, 404],
    });
  });

  it('give the care team (a colleague of the clinic too) and staff both; drafts only where they are listed', async () => {
    const s = await setUp();
    const colleague = await buildTherapist(t.ctx, s.clinicId);
    for (const user of [s.therapist, colleague, await buildStaff(t.ctx)]) {
      const reads = await readsOf(await login(t, user), s);
      // Week lists and statuses show published programs only, whoever asks; one program is readable as a draft.
      expect(reads).toMatchObject({
        week: [s.published.id],
        batch: [s.published.id],
        statuses: [200, 200, 200, 200],
      });
    }
  });

  it('answer 404 and list nothing to a therapist of another clinic, and to another client', async () => {
    const s = await setUp();
    const other = await buildCareTeam(t.ctx);
    const unattached = await buildTherapist(t.ctx, null);
    for (const user of [other.therapist, other.client, unattached]) {
      const reads = await readsOf(await login(t, user), s);
      expect(reads).toMatchObject({ week: [], batch: [], statuses: [404, 404, 404, 404] });
    }
  });

  it('let a therapist without a clinic see the client they created', async () => {
    const therapist = await buildTherapist(t.ctx, null);
    const client = await buildClient(t.ctx, null, therapist.id);
    const program = await buildDailyProgram(t.ctx, client.id, therapist.id);
    const url = `/api/programs/${program.id}/status/?month=${dayFrom(t.ctx).slice(0, 7)}`;
    expect((await get(await login(t, therapist), url)).statusCode).toBe(200);
    expect((await get(await login(t, await buildTherapist(t.ctx, null)), url)).statusCode).toBe(404);
  });
});

describe('the audit rows of the hot paths', () => {
  it('record a refused read as not_found, naming nothing, and a read of nothing as ok', async () => {
    const s = await setUp();
    const outsider = await buildCareTeam(t.ctx);
    const session = await login(t, outsider.therapist);
    const refused = await get(session, `/api/programs/${s.published.id}/status/?month=${s.month}`);
    expect(refused.statusCode).toBe(404);
    expect(await auditOf(refused)).toMatchObject([
      {
        actorId: outsider.therapist.id,
        action: 'read',
        targetIds: [],
        subjectUserId: null,
        outcome: 'not_found',
      },
    ]);
    const history = await get(session, `/api/feedback/?exercise=${s.published.exerciseIds[0]}`);
    expect(await auditOf(history)).toMatchObject([
      {
        targetType: 'feedback',
        targetIds: [],
        outcome: 'not_found',
        details: { exercise_id: s.published.exerciseIds[0] },
      },
    ]);
    const emptyWeek = await get(session, `/api/programs/?${s.week}`);
    expect(emptyWeek.json()).toEqual([]);
    expect(await auditOf(emptyWeek)).toMatchObject([{ targetType: 'program', targetIds: [], outcome: 'ok' }]);
  });

  it('write a new entry and its one audit row together, and answer the entry as a later read shows it', async () => {
    const s = await setUp();
    const session = await login(t, s.client);
    const exerciseId = s.published.exerciseIds[1]!;
    const created = await submitFeedback(t, session, feedbackFields(t.ctx, exerciseId));
    expect(created.statusCode).toBe(201);
    const entry = created.json().feedback;
    expect(await auditOf(created)).toMatchObject([
      {
        action: 'create',
        targetType: 'feedback',
        targetIds: [entry.id],
        subjectUserId: s.client.id,
        details: { program_id: s.published.id, exercise_id: exerciseId, with_media: false },
      },
    ]);
    const [listed] = (await get(session, `/api/feedback/?exercise=${exerciseId}`)).json();
    expect(listed).toEqual(entry);
    const onDraft = await submitFeedback(t, session, feedbackFields(t.ctx, s.draft.exerciseIds[0]!));
    expect(onDraft.statusCode).toBe(404);
    expect(await auditOf(onDraft)).toEqual([]);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
  });
});
