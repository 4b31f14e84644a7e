import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildClinic, buildTherapist } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  attentionOf,
  buildAttentionClient,
  codesOf,
  day,
  NOW,
  reasonOf,
} from '../attention/attention.test-support';
import { allAnswers, assign, call, respond } from './measures.test-support';

// Outcome measures in Needs attention (docs/product/outcome-measures.md#safety): safety first, measure_due and
// measure_worse.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(new Date(NOW)));
const DAY_MS = 24 * 60 * 60 * 1000;

async function team() {
  const clinicId = await buildClinic(t.ctx);
  const therapist = await buildTherapist(t.ctx, clinicId);
  const client = await buildAttentionClient(t, clinicId, therapist.id);
  return { therapist, client };
}

const idOf = (res: { json: <T>() => T }) => res.json<{ id: number }>().id;

describe('Needs attention and outcome measures', () => {
  it('puts a client whose PHQ-9 item 9 is above 0 first, with code safety, until reviewed', async () => {
    const { therapist, client } = await team();
    const other = await buildAttentionClient(t, null, therapist.id, {
      signedIn: false,
      createdAt: `${day(-10)}T09:00:00Z`,
    });
    const phq9 = idOf(
      await assign(t, therapist, client.id, { instrument: 'phq9', first_due: day(0), every_days: 14 }),
    );
    await respond(t, client, phq9, { answers: { ...allAnswers('phq9', 9, 0), phq9_9: 1 } });

    const list = await attentionOf(t, therapist);
    expect(list[0]).toMatchObject({ client_id: client.id });
    expect(list.map((i) => i.client_id)).toContain(other.id);
    expect(reasonOf(list, client.id, 'safety')).toMatchObject({
      since: day(0),
      detail: { date: day(0), value: 1, instrument: 'phq9' },
    });

    await call(t, therapist, 'POST', `/api/attention/${client.id}/reviewed/`, { codes: ['safety'] });
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual([]);
  });

  it('lists a measure 3 or more days overdue, and clears it when answered', async () => {
    const { therapist, client } = await team();
    const gad7 = idOf(
      await assign(t, therapist, client.id, { instrument: 'gad7', first_due: day(-2), every_days: 7 }),
    );
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual([]);
    t.clock.set(new Date(Date.parse(NOW) + DAY_MS));
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'measure_due')).toMatchObject({
      since: day(-2),
      detail: { date: day(-2), days: 3, instrument: 'gad7' },
    });
    await respond(t, client, gad7, { answers: allAnswers('gad7', 7, 0) });
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual([]);
  });

  it('lists a result worse than the one before by at least the MCID, not a smaller change', async () => {
    const { therapist, client } = await team();
    const walk = idOf(
      await assign(t, therapist, client.id, { instrument: 'tmwt', first_due: day(-14), every_days: 7 }),
    );
    t.clock.set(new Date(Date.parse(NOW) - 14 * DAY_MS));
    await respond(t, therapist, walk, { answers: { seconds: 6 } }); // 1.00 m/s
    t.clock.set(new Date(Date.parse(NOW) - 7 * DAY_MS));
    await respond(t, therapist, walk, { answers: { seconds: 6.3 } }); // 0.95 m/s: worse, but by less than 0.1
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual([]);
    t.clock.set(new Date(NOW));
    await respond(t, therapist, walk, { answers: { seconds: 7.5 } }); // 0.80 m/s: 0.15 worse
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'measure_worse')).toMatchObject({
      since: day(0),
      detail: { date: day(0), value: 0.8, previous: 0.95, instrument: 'tmwt' },
    });
  });
});
