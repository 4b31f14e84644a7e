import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZAttentionList } from '@hep/shared/schemas/attention';
import { auditLog } from '../../db/schema/audit-log';
import { buildClinic, buildStaff, buildTherapist, login } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildProgram } from '../../../test/program-factories';
import {
  attentionOf,
  buildAttentionClient,
  codesOf,
  day,
  EVERY_DAY,
  getAttention,
  NOW,
  reasonOf,
  report,
  TODAY,
} from './attention.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOW));

const neverSignedIn = { createdAt: `${day(-5)}T09:00:00Z`, signedIn: false };

describe('GET /api/attention/ scope', () => {
  it("lists the care team's clients (the clients list's scope), staff every client, never another clinic's", async () => {
    const clinicId = await buildClinic(t.ctx);
    const therapist = await buildTherapist(t.ctx, clinicId);
    const colleague = await buildTherapist(t.ctx, clinicId);
    const own = await buildAttentionClient(t, clinicId, therapist.id, neverSignedIn);
    const colleagues = await buildAttentionClient(t, clinicId, colleague.id, neverSignedIn);
    const otherClinic = await buildClinic(t.ctx);
    const stranger = await buildTherapist(t.ctx, otherClinic);
    const foreign = await buildAttentionClient(t, otherClinic, stranger.id, neverSignedIn);

    const mine = await attentionOf(t, therapist);
    expect(mine.map((item) => item.client_id).sort()).toEqual([own.id, colleagues.id].sort());
    expect(codesOf(await attentionOf(t, stranger), foreign.id)).toEqual(['not_activated']);
    expect(codesOf(await attentionOf(t, stranger), own.id)).toEqual([]);

    const all = await attentionOf(t, await buildStaff(t.ctx));
    for (const id of [own.id, colleagues.id, foreign.id]) expect(codesOf(all, id)).toEqual(['not_activated']);
  });

  it('shows a therapist without a clinic only the clients they created', async () => {
    const solo = await buildTherapist(t.ctx, null);
    const other = await buildTherapist(t.ctx, null);
    const created = await buildAttentionClient(t, null, solo.id, neverSignedIn);
    const notMine = await buildAttentionClient(t, null, other.id, neverSignedIn);
    const list = await attentionOf(t, solo);
    expect(list.map((item) => item.client_id)).toEqual([created.id]);
    expect(codesOf(await attentionOf(t, other), notMine.id)).toEqual(['not_activated']);
  });

  it('answers 401 without a token and 403 to a client, and audits the read', async () => {
    const clinicId = await buildClinic(t.ctx);
    const therapist = await buildTherapist(t.ctx, clinicId);
    const client = await buildAttentionClient(t, clinicId, therapist.id, neverSignedIn);
    expect((await t.app.inject({ method: 'GET', url: '/api/attention/' })).statusCode).toBe(401);

    const res = await getAttention(t, therapist);
    expect(res.statusCode).toBe(200);
    expect(ZAttentionList.parse(res.json())).toEqual(res.json());
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, therapist.id), eq(auditLog.targetType, 'client')))
      .orderBy(auditLog.seq);
    expect(rows.at(-1)).toMatchObject({
      action: 'read',
      targetIds: [client.id],
      details: { view: 'attention' },
    });

    // Signing in (to be refused) also ends the client's own not_activated reason.
    expect((await getAttention(t, client)).statusCode).toBe(403);
    expect(await attentionOf(t, therapist)).toEqual([]);
  });
});

describe('GET /api/attention/ order', () => {
  it('puts the worst first: most serious code, then more reasons, then the latest since, then the name', async () => {
    const clinicId = await buildClinic(t.ctx);
    const therapist = await buildTherapist(t.ctx, clinicId);
    const make = (firstName: string, lastName: string) =>
      buildAttentionClient(t, clinicId, therapist.id, { firstName, lastName });
    // A program that asks nothing before today and does not end soon: only the reports below give reasons.
    const exerciseOf = async (client: { id: number }) =>
      (
        await buildProgram(t.ctx, client.id, therapist.id, {
          startDate: day(0),
          endDate: day(28),
          daysOfWeek: EVERY_DAY,
        })
      ).exerciseIds[0]!;

    const ending = async (firstName: string, lastName: string) => {
      const client = await make(firstName, lastName);
      await buildProgram(t.ctx, client.id, therapist.id, { startDate: day(-1), endDate: day(2) });
      return client;
    };
    const brownAmy = await ending('Amy', 'Brown');
    const adamsZed = await ending('Zed', 'adams');
    const olderEffort = await make('Old', 'Effort');
    await report(t, await exerciseOf(olderEffort), { date: day(-5), effort: 9 });
    const newerEffort = await make('New', 'Effort');
    await report(t, await exerciseOf(newerEffort), { date: day(-1), effort: 8 });
    const twoReasons = await make('Two', 'Reasons');
    await report(t, await exerciseOf(twoReasons), { date: day(-6), effort: 8 });
    await buildProgram(t.ctx, twoReasons.id, therapist.id, { startDate: day(0), endDate: day(1) });
    const pain = await make('Only', 'Pain');
    await report(t, await exerciseOf(pain), { date: day(-6), pain: 8 });

    const list = await attentionOf(t, therapist);
    expect(list.map((item) => [item.name, item.reasons.map((r) => r.code)])).toEqual([
      ['Pain, Only', ['pain']],
      ['Reasons, Two', ['high_effort', 'program_ending']],
      ['Effort, New', ['high_effort']],
      ['Effort, Old', ['high_effort']],
      ['adams, Zed', ['program_ending']],
      ['Brown, Amy', ['program_ending']],
    ]);
    expect(list.map((item) => item.client_id)).toEqual([
      pain.id,
      twoReasons.id,
      newerEffort.id,
      olderEffort.id,
      adamsZed.id,
      brownAmy.id,
    ]);
  });
});

describe('GET /api/attention/ days', () => {
  it('moves to the next day at midnight UTC for a client without a time zone', async () => {
    const clinicId = await buildClinic(t.ctx);
    const therapist = await buildTherapist(t.ctx, clinicId);
    const client = await buildAttentionClient(t, clinicId, therapist.id);
    await buildProgram(t.ctx, client.id, therapist.id, { startDate: day(0), endDate: day(4) });

    t.clock.set(`${TODAY}T23:59:00Z`);
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual([]);
    t.clock.set(`${day(1)}T00:01:00Z`);
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'program_ending')?.detail.days).toBe(3);
  });

  it("counts a Sydney client's days from Sydney's today (13:30 UTC is already tomorrow there)", async () => {
    const clinicId = await buildClinic(t.ctx);
    const therapist = await buildTherapist(t.ctx, clinicId);
    const zoned = { timezone: 'Australia/Sydney' };
    const sydney = await buildAttentionClient(t, clinicId, therapist.id, { ...zoned, firstName: 'Sydney' });
    const utc = await buildAttentionClient(t, clinicId, therapist.id, { firstName: 'Utc' });
    const invited = await buildAttentionClient(t, clinicId, therapist.id, {
      ...zoned,
      createdAt: `${day(-3)}T14:00:00Z`, // 01:00 on day -2 in Sydney
      signedIn: false,
    });
    for (const client of [sydney, utc]) {
      await buildProgram(t.ctx, client.id, therapist.id, { startDate: day(0), endDate: day(4) });
      const [sit] = (
        await buildProgram(t.ctx, client.id, therapist.id, { startDate: day(1), endDate: day(28) })
      ).exerciseIds as [number];
      await report(t, sit, { date: day(-6), effort: 9 });
    }

    t.clock.set(`${TODAY}T12:00:00Z`); // 23:00 in Sydney: the same day in both zones
    let list = await attentionOf(t, therapist);
    expect(codesOf(list, utc.id)).toEqual(['high_effort']);
    expect(codesOf(list, sydney.id)).toEqual(['high_effort']);
    expect(codesOf(list, invited.id)).toEqual([]); // invited two days ago in Sydney (three in UTC)

    t.clock.set(`${TODAY}T13:30:00Z`); // Thursday 00:30 in Sydney, still Wednesday in UTC
    list = await attentionOf(t, therapist);
    expect(codesOf(list, utc.id)).toEqual(['high_effort']);
    expect(codesOf(list, sydney.id)).toEqual(['program_ending']);
    expect(reasonOf(list, sydney.id, 'program_ending')).toMatchObject({
      since: day(1),
      detail: { date: day(4), days: 3 },
    });
    expect(reasonOf(list, invited.id, 'not_activated')).toMatchObject({
      since: day(-2),
      detail: { days: 3 },
    });
  });

  it('counts a time zone this database does not know as UTC rather than failing the list', async () => {
    const clinicId = await buildClinic(t.ctx);
    const therapist = await buildTherapist(t.ctx, clinicId);
    const odd = await buildAttentionClient(t, clinicId, therapist.id, {
      timezone: 'Mars/Olympus_Mons',
      createdAt: `${day(-3)}T09:00:00Z`,
      signedIn: false,
    });
    expect(reasonOf(await attentionOf(t, therapist), odd.id, 'not_activated')?.since).toBe(day(-3));
    await login(t, odd);
  });
});
