import { rmSync } from 'node:fs';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programs } from '../db/schema/programs';
import { pushSubscriptions } from '../db/schema/push-subscriptions';
import { users } from '../db/schema/users';
import { buildCareTeam, login, type Session } from '../../test/factories';
import {
  buildFeedbackSetup,
  feedbackFields,
  feedbackRowsOf,
  submitFeedback,
} from '../../test/feedback-factories';
import { tempDataDir } from '../../test/fixtures/media-fixtures';
import { createTestApp, nextIp, type TestApp } from '../../test/helper';
import { sendForm } from '../../test/program-factories';

let t: TestApp;
const dataDir = tempDataDir();
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const NUL = '\u0000';
const LONE_SURROGATE = '\ud83d';
/** The answer to text no field may hold, naming the field. */
const refused = (field: string) => ({
  error: VALIDATION_TEXTS.invalidCharacter,
  code: 'validation_error',
  fields: { [field]: VALIDATION_TEXTS.invalidCharacter },
});

const json = (method: 'POST' | 'PUT', url: string, session: Session | null, payload: object) =>
  t.app.inject({ method, url, payload, headers: session?.headers ?? {}, remoteAddress: nextIp() });

const userByEmail = async (email: string) =>
  (
    await t.ctx.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
  )[0];

describe('a NUL character or half a surrogate pair in a JSON body', () => {
  const clientForm = (changes: Record<string, unknown> = {}) => ({
    first_name: 'Rosa',
    last_name: 'Parks',
    date_of_birth: '1951-02-04',
    email: `nul-${randomUUID().slice(0, 8)}@example.test`,
    mobile: '0400 123 456',
    condition: 'Multiple Sclerosis',
    ...changes,
  });

  it.each([
    ['first_name', `Ro${NUL}sa`],
    ['last_name', `Parks${LONE_SURROGATE}`],
    ['mobile', `0400${NUL}`],
  ])('answers 400 on %s when adding a client, and adds no one', async (field, value) => {
    const { therapist } = await buildCareTeam(t.ctx);
    const form = clientForm({ [field]: value });
    const res = await json('POST', '/api/users/add/', await login(t, therapist), form);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused(field));
    expect(await userByEmail(form.email)).toBeUndefined();
  });

  it('answers 400 on first_name when editing a client, and changes nothing', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const before = await userByEmail(client.email);
    const res = await json('PUT', '/api/users/edit_client/', await login(t, therapist), {
      id: client.id,
      first_name: `Ma${NUL}ry`,
      last_name: 'Seacole',
      date_of_birth: '1955-11-23',
      email: client.email,
      mobile: '0411 222 333',
      condition: "Parkinson's Disease",
      receives_sms: true,
      receives_email: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('first_name'));
    expect(await userByEmail(client.email)).toEqual(before);
  });

  it('names a field nested in the body, and a key that holds such text', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const program = {
      client_id: client.id,
      name: 'Balance',
      start_date: '2025-03-03',
      end_date: '2025-04-28',
      is_draft: false,
      days_of_week: ['MON'],
      exercises: [
        { name: 'Sit to stand', instructions: 'Ten times.' },
        { name: `Heel${NUL} raises`, instructions: 'Hold the bench.' },
      ],
    };
    const nested = await json('POST', '/api/programs/', session, program);
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual(refused('exercises.1.name'));

    const badKey = await json('POST', '/api/programs/', session, { ...program, [`x${NUL}`]: 1 });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json()).toEqual(refused('body'));
    expect(await t.ctx.db.select().from(programs).where(eq(programs.clientId, client.id))).toEqual([]);
  });

  it('answers 401 first to a request without a token', async () => {
    const res = await json('POST', '/api/users/add/', null, clientForm({ first_name: NUL }));
    expect(res.statusCode).toBe(401);
  });
});

describe('a NUL character or half a surrogate pair in a form', () => {
  it('answers 400 on the program name, multipart and JSON, and saves no program', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const fields = {
      client_id: client.id,
      name: `Bal${NUL}ance`,
      start_date: '2025-03-03',
      end_date: '2025-04-28',
      is_draft: 'false',
      days_of_week: ['MON', 'WED'],
      exercises: [{ name: 'Sit to stand', instructions: 'Ten times.' }],
    };
    const multipart = await sendForm(t, session, 'POST', '/api/programs/', fields);
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json()).toEqual(refused('name'));

    const asJson = await json('POST', '/api/programs/', session, {
      ...fields,
      name: `Balance${LONE_SURROGATE}`,
      is_draft: false,
    });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json()).toEqual(refused('name'));

    // The exercises travel as JSON text inside the form: checked once parsed.
    const inExercises = await sendForm(t, session, 'POST', '/api/programs/', {
      ...fields,
      name: 'Balance',
      exercises: [{ name: 'Sit to stand', instructions: `Ten${NUL} times.` }],
    });
    expect(inExercises.statusCode).toBe(400);
    expect(inExercises.json()).toEqual(refused('exercises.0.instructions'));

    const draft = await sendForm(t, session, 'POST', '/api/programs/', {
      client_id: client.id,
      is_draft: 'true',
      name: `Draft${NUL}`,
    });
    expect(draft.statusCode).toBe(400);
    expect(draft.json()).toEqual(refused('name'));
    expect(await t.ctx.db.select().from(programs).where(eq(programs.clientId, client.id))).toEqual([]);
  });

  it('answers 400 on the feeling of a feedback, multipart and JSON, and saves none', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const exerciseId = program.exerciseIds[0]!;
    const multipart = await submitFeedback(
      t,
      clientSession,
      feedbackFields(t.ctx, exerciseId, { feeling: `Tired${NUL} legs` }),
    );
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json()).toEqual(refused('feeling'));

    const asJson = await json(
      'POST',
      '/api/feedback/',
      clientSession,
      feedbackFields(t.ctx, exerciseId, { feeling: `Tired legs ${LONE_SURROGATE}` }),
    );
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json()).toEqual(refused('feeling'));
    expect(await feedbackRowsOf(t.ctx, exerciseId)).toEqual([]);
  });
});

describe('a NUL character in the query or the path', () => {
  it('answers 400 on the query parameter, and removes nothing', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const session = await login(t, client);
    const endpoint = `https://93.184.216.34/push/${randomUUID()}`;
    await t.ctx.db.insert(pushSubscriptions).values({ userId: client.id, endpoint, p256dh: 'x', auth: 'y' });
    const withNul = encodeURIComponent(`${endpoint}${NUL}`);
    for (const [method, url] of [
      ['GET', `/api/push-subscriptions/check/?endpoint=${withNul}`],
      ['DELETE', `/api/push-subscriptions/?endpoint=${withNul}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: session.headers, remoteAddress: nextIp() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refused('endpoint'));
    }
    expect(
      await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toHaveLength(1);
  });

  it('answers 400 on a path parameter', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/%00/',
      headers: (await login(t, therapist)).headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('id'));
  });
});
