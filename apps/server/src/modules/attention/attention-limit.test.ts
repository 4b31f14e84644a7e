import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ATTENTION_LIST_MAX } from '@hep/shared/schemas/attention';
import { buildClinic, buildTherapist } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildProgram } from '../../../test/program-factories';
import {
  attentionOf,
  buildAttentionClient,
  codesOf,
  day,
  EVERY_DAY,
  NOW,
  report,
} from './attention.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOW));

describe('GET /api/attention/ length', () => {
  it(`lists at most ${ATTENTION_LIST_MAX} clients, keeping the most urgent`, async () => {
    const clinicId = await buildClinic(t.ctx);
    const therapist = await buildTherapist(t.ctx, clinicId);
    const invited = { createdAt: `${day(-5)}T09:00:00Z`, signedIn: false };
    for (let i = 0; i <= ATTENTION_LIST_MAX; i += 1)
      await buildAttentionClient(t, clinicId, therapist.id, invited);
    // Made last, so that only its reason can put it in the list ahead of the others.
    const hurting = await buildAttentionClient(t, clinicId, therapist.id);
    const program = await buildProgram(t.ctx, hurting.id, therapist.id, {
      startDate: day(-10),
      endDate: null,
      daysOfWeek: EVERY_DAY,
      exercises: [{}],
    });
    await report(t, program.exerciseIds[0]!, { date: day(-1), pain: 8 });

    const list = await attentionOf(t, therapist);
    expect(list).toHaveLength(ATTENTION_LIST_MAX);
    expect(list[0]!.client_id).toBe(hurting.id);
    expect(codesOf(list, hurting.id)).toContain('pain');
    expect(list.slice(1).every((item) => item.reasons[0]!.code === 'not_activated')).toBe(true);
  });
});
