import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exercises } from '../../db/schema/exercises';
import { programs } from '../../db/schema/programs';
import { login } from '../../../test/factories';
import {
  buildFeedbackSetup,
  feedbackFields,
  storedFilesIn,
  submitFeedback,
  updateFeedback,
} from '../../../test/feedback-factories';
import { FIXTURES } from '../../../test/fixtures/media-fixtures';
import type { TestApp } from '../../../test/helper';
import { dayFrom, fixtureFile } from '../../../test/program-factories';
import { postKeyed, putKeyed, withoutUrls } from '../feedback/feedback-idempotency.test-support';
import { countStatements } from './statement-count.test-support';
import { mediaTestApp } from '../../../test/media-test-app';

// What an Idempotency-Key costs a feedback save, in statements sent to the database (decision 017), and the
// repeats that the claim alone does not answer: those refused since the first answer.

let t: TestApp;
const { dataDir } = mediaTestApp((app) => (t = app));

/** The statements `send` made the server run. */
async function statementsOf(send: () => Promise<{ statusCode: number }>, status: number) {
  const statements = countStatements(t.ctx.db);
  try {
    const res = await send();
    expect(res.statusCode).toBe(status);
    return statements.count();
  } finally {
    statements.restore();
  }
}

describe('the statements of a keyed feedback save', () => {
  it('POST: the key is claimed, with its answer, in the entry’s own statement: not one statement more', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const exercise = program.exerciseIds[0]!;
    const [first, second, third, fourth] = [0, -1, -2, -3].map((day) =>
      feedbackFields(t.ctx, exercise, { date_completed: dayFrom(t.ctx, day) }),
    );
    // The caller's account is cached from the first request on.
    await submitFeedback(t, clientSession, first!);
    const plain = await statementsOf(() => submitFeedback(t, clientSession, second!), 201);
    const keyed = await statementsOf(() => postKeyed(t, clientSession, 'count-post', third!), 201);
    expect(keyed).toBe(plain);
    // With the caller's account cached again (a write drops this node's cache), a save is two statements: the
    // exercise's program, read once (before any file would be stored), and the entry with its audit row.
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/messages/unread/',
      headers: clientSession.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(await statementsOf(() => submitFeedback(t, clientSession, fourth!), 201)).toBe(2);
  });

  it('PUT: the key adds its claim, with its answer, to the transaction the save already has', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const res = await submitFeedback(t, clientSession, feedbackFields(t.ctx, program.exerciseIds[0]!));
    const id = res.json().feedback.id as number;
    const edit = { effort_rating: 3, feeling: 'Fine.' };
    const plain = await statementsOf(() => updateFeedback(t, clientSession, id, edit), 200);
    const keyed = await statementsOf(() => putKeyed(t, clientSession, id, 'count-put', edit), 200);
    expect(keyed - plain).toBe(1);
  });
});

describe('a repeat refused by a change since its first answer', () => {
  it('answers the first answer when the day is no longer prescribed', async () => {
    const { client, program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    const first = await postKeyed(t, clientSession, 'moved', fields);
    expect(first.statusCode).toBe(201);
    await t.ctx.db
      .update(programs)
      .set({ startDate: dayFrom(t.ctx, 1) })
      .where(eq(programs.id, program.id));
    const session = await login(t, client);
    // Without the key the day is refused, so the repeat is answered from the key, not saved again.
    expect(
      (await submitFeedback(t, session, feedbackFields(t.ctx, program.exerciseIds[1]!))).statusCode,
    ).toBe(400);
    const again = await postKeyed(t, session, 'moved', fields);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // Another request with the key still answers 422, not the day's 400.
    const other = await postKeyed(t, session, 'moved', { ...fields, effort_rating: 2 });
    expect(other.statusCode).toBe(422);
  });

  it('answers the first answer when the exercise was removed, and stores no file for it', async () => {
    const { client, program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    const photo = () => [fixtureFile('media', FIXTURES.jpeg)];
    const first = await postKeyed(t, clientSession, 'removed', fields, photo());
    expect(first.statusCode).toBe(201);
    const files = storedFilesIn(dataDir).length;
    await t.ctx.db
      .update(exercises)
      .set({ removedAt: t.ctx.now() })
      .where(eq(exercises.id, program.exerciseIds[0]!));
    const session = await login(t, client);
    const again = await postKeyed(t, session, 'removed', fields, photo());
    expect(again.statusCode).toBe(201);
    expect(withoutUrls(again.json())).toEqual(withoutUrls(first.json()));
    expect(storedFilesIn(dataDir)).toHaveLength(files);
    // A new key for the removed exercise is refused as before.
    const fresh = await postKeyed(t, session, 'removed-2', { ...fields, date_completed: dayFrom(t.ctx, -1) });
    expect(fresh.statusCode).toBe(404);
  });
});
