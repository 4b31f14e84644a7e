import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import type { TAttentionList } from '@hep/shared/schemas/attention';
import { buildClinic, buildTherapist, login } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildProgram } from '../../../test/program-factories';
import { countStatements } from '../idempotency/statement-count.test-support';
import {
  attentionOf,
  buildAttentionClient,
  codesOf,
  day,
  EVERY_DAY,
  NOW,
  reasonOf,
  report,
} from './attention.test-support';

// docs/decisions/030-attention-cache.md: a care team's list is kept on the node for a minute, dropped at once when
// anything its reasons read changes for one of its clients, and every read is audited all the same.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOW));

/** A clinic's therapist and a client with a daily program, its first exercise's id. */
async function careTeam() {
  const clinicId = await buildClinic(t.ctx);
  const therapist = await buildTherapist(t.ctx, clinicId);
  const client = await buildAttentionClient(t, clinicId, therapist.id);
  const [exercise] = (
    await buildProgram(t.ctx, client.id, therapist.id, {
      startDate: day(-3),
      endDate: day(28),
      daysOfWeek: EVERY_DAY,
    })
  ).exerciseIds;
  return { clinicId, therapist, client, exercise: exercise! };
}

/** The statements one list read sends (signed in before, the caller cached), and the list. */
async function readCounted(therapist: { id: number; email: string; password: string }) {
  const session = await login(t, therapist);
  const read = () => t.app.inject({ method: 'GET', url: '/api/attention/', headers: session.headers });
  await t.app.inject({ method: 'GET', url: `/api/users/${therapist.id}/`, headers: session.headers });
  const statements = countStatements(t.ctx.db);
  try {
    const res = await read();
    expect(res.statusCode).toBe(200);
    return { list: res.json<TAttentionList>(), statements: statements.count() };
  } finally {
    statements.restore();
  }
}

describe('the needs-attention cache', () => {
  it('serves a second read within the minute from the node, audited all the same', async () => {
    const { therapist } = await careTeam();
    await attentionOf(t, therapist);
    const { statements } = await readCounted(therapist);
    // Only the read’s audit row: the list’s statement is not sent again. Both reads are audited.
    expect(statements).toBe(1);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, therapist.id), eq(auditLog.targetType, 'client')));
    expect(rows.filter((row) => (row.details as { view?: string } | null)?.view === 'attention').length).toBe(
      2,
    );
  });

  it('drops the list the moment a report on one of its clients is saved, wherever it was saved', async () => {
    const { therapist, client, exercise } = await careTeam();
    expect(codesOf(await attentionOf(t, therapist), client.id)).not.toContain('pain');
    // Written straight to the database, as another node would: only the database's notification tells this node.
    await report(t, exercise, { date: day(0), pain: 8 });
    await expect.poll(async () => codesOf(await attentionOf(t, therapist), client.id)).toContain('pain');
  });

  it('keeps a list when another clinic’s client changes', async () => {
    const mine = await careTeam();
    const theirs = await careTeam();
    await attentionOf(t, mine.therapist);
    await report(t, theirs.exercise, { date: day(0), pain: 8 });
    // The notification is about the other clinic only: give it the time to arrive, then read.
    await expect
      .poll(async () => codesOf(await attentionOf(t, theirs.therapist), theirs.client.id))
      .toContain('pain');
    expect((await readCounted(mine.therapist)).statements).toBe(1);
  });

  it('reads again once the app’s clock has moved on: what time alone changes shows', async () => {
    const { therapist, client } = await careTeam();
    const streak = (list: TAttentionList) => reasonOf(list, client.id, 'missed_streak')?.detail.days;
    const before = streak(await attentionOf(t, therapist));
    expect(before).toBeGreaterThan(0);
    t.clock.set(`${day(1)}T10:00:00Z`);
    expect(streak(await attentionOf(t, therapist))).toBe(before! + 1);
  });
});
