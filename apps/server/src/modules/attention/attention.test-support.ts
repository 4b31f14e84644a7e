import { eq } from 'drizzle-orm';
import { WEEKDAYS } from '@hep/shared/domain/constants';
import { addDays } from '@hep/shared/domain/day-status';
import type { TAttentionItem, TAttentionList } from '@hep/shared/schemas/attention';
import { feedback } from '../../db/schema/feedback';
import { exercises } from '../../db/schema/exercises';
import { programs } from '../../db/schema/programs';
import { users } from '../../db/schema/users';
import { buildClient, login } from '../../../test/factories';
import type { TestApp } from '../../../test/helper';
import type { NewUser } from '../users/users.repository';

/** The tests' clock: Wednesday 13 January 2027, 10:00 UTC (21:00 in Sydney, which keeps summer time then). */
export const NOW = '2027-01-13T10:00:00Z';
export const TODAY = '2027-01-13';
export const day = (offset: number) => addDays(TODAY, offset);
export const EVERY_DAY = [...WEEKDAYS];

/**
 * A client of the clinic as the attention tests need one: created 30 days before the clock and signed in (so that
 * `not_activated` appears only where a test asks for it), unless told otherwise.
 */
export async function buildAttentionClient(
  t: TestApp,
  clinicId: number | null,
  therapistId: number,
  input: Partial<NewUser> & { createdAt?: string; signedIn?: boolean; timezone?: string | null } = {},
) {
  const { createdAt, signedIn = true, timezone = null, ...fields } = input;
  const client = await buildClient(t.ctx, clinicId, therapistId, fields);
  const created = new Date(createdAt ?? `${day(-30)}T09:00:00Z`);
  await t.ctx.db
    .update(users)
    .set({ createdAt: created, lastSignInAt: signedIn ? created : null, notificationTimezone: timezone })
    .where(eq(users.id, client.id));
  return client;
}

/** A report saved now (by the test clock), with the effort and pain given. */
export async function report(
  t: TestApp,
  exerciseId: number,
  input: { date: string; effort?: number; pain?: number | null },
): Promise<void> {
  const [exercise] = await t.ctx.db
    .select({ programId: exercises.programId, clientId: programs.clientId })
    .from(exercises)
    .innerJoin(programs, eq(programs.id, exercises.programId))
    .where(eq(exercises.id, exerciseId));
  const now = t.ctx.now();
  await t.ctx.db
    .insert(feedback)
    .values({
      exerciseId,
      programId: exercise!.programId,
      clientId: exercise!.clientId,
      dateCompleted: input.date,
      effortRating: input.effort ?? 4,
      pain: input.pain ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [feedback.exerciseId, feedback.dateCompleted],
      set: { effortRating: input.effort ?? 4, pain: input.pain ?? null, updatedAt: now },
    });
}

export async function getAttention(t: TestApp, user: { email: string; password: string }) {
  const session = await login(t, user);
  return t.app.inject({ method: 'GET', url: '/api/attention/', headers: session.headers });
}

/** The caller's list, which must answer 200. */
export async function attentionOf(t: TestApp, user: { email: string; password: string }) {
  const res = await getAttention(t, user);
  if (res.statusCode !== 200) throw new Error(`GET /api/attention/ answered ${res.statusCode}: ${res.body}`);
  return res.json<TAttentionList>();
}

/** One client's item of a list, or undefined when the client has no reason. */
export const itemOf = (list: TAttentionList, clientId: number): TAttentionItem | undefined =>
  list.find((item) => item.client_id === clientId);

/** The codes a client is listed with, most serious first ([] when not listed). */
export const codesOf = (list: TAttentionList, clientId: number) =>
  itemOf(list, clientId)?.reasons.map((r) => r.code) ?? [];

/** A reason of a client by its code. */
export const reasonOf = (list: TAttentionList, clientId: number, code: string) =>
  itemOf(list, clientId)?.reasons.find((r) => r.code === code);
