import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_TEXTS } from '@hep/shared/texts/retention';
import { auditLog } from '../../db/schema/audit-log';
import { carerLinks } from '../../db/schema/carer-links';
import { feedback } from '../../db/schema/feedback';
import { messages } from '../../db/schema/messages';
import { programs } from '../../db/schema/programs';
import {
  buildCarer,
  buildCareTeam,
  deactivate,
  login,
  type Session,
  type TestUser,
} from '../../../test/factories';
import { filesUnder } from '../../../test/fixtures/media-fixtures';
import { mediaTestApp } from '../../../test/media-test-app';
import type { TestApp } from '../../../test/helper';
import { verifyAuditChain } from '../audit/audit-verify.service';
import { buildClientWithRecords, staffOf, storageKeysOf, userExists } from './retention.test-support';

// POST /api/users/{id}/erase/ (docs/product/retention.md#erasure): staff erase a deactivated client at once.

let t: TestApp;
const files = mediaTestApp((app) => (t = app));
let staff: Session;
beforeAll(async () => {
  staff = await login(t, await staffOf(t));
});

const erase = (id: number, session: Session | null = staff) =>
  t.app.inject({ method: 'POST', url: `/api/users/${id}/erase/`, headers: session?.headers ?? {} });
const storedKeys = () => filesUnder(`${files.dataDir}/media`).map((f) => f.split('/').pop()!);
const rowsOf = async (clientId: number) => ({
  programs: (await t.ctx.db.select().from(programs).where(eq(programs.clientId, clientId))).length,
  feedback: (await t.ctx.db.select().from(feedback).where(eq(feedback.clientId, clientId))).length,
  messages: (await t.ctx.db.select().from(messages).where(eq(messages.clientId, clientId))).length,
  carerLinks: (await t.ctx.db.select().from(carerLinks).where(eq(carerLinks.clientId, clientId))).length,
});

describe('POST /api/users/{id}/erase/', () => {
  it('erases a deactivated client: their rows and the files nothing else uses; shared files stay', async () => {
    const records = await buildClientWithRecords(t);
    const { client } = records;
    expect(await rowsOf(client.id)).toEqual({ programs: 2, feedback: 1, messages: 1, carerLinks: 1 });
    expect(storedKeys()).toEqual(expect.arrayContaining([...records.ownKeys, ...records.sharedKeys]));

    const res = await erase(client.id);

    expect(res.statusCode).toBe(204);
    expect(await userExists(t.ctx, client.id)).toBe(false);
    expect(await rowsOf(client.id)).toEqual({ programs: 0, feedback: 0, messages: 0, carerLinks: 0 });
    // The video and the feedback photo were theirs alone; the reused photo and the library's stay, rows and files.
    expect(await storageKeysOf(t.ctx, records.mediaIds.own)).toEqual([]);
    expect(await storageKeysOf(t.ctx, records.mediaIds.shared)).toEqual(records.sharedKeys);
    const left = storedKeys();
    for (const key of records.ownKeys) expect(left).not.toContain(key);
    for (const key of records.sharedKeys) expect(left).toContain(key);
    expect(await userExists(t.ctx, records.neighbour.id)).toBe(true);

    // Audited with ids only; the chain still verifies and no row holds the client's address or name.
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, res.headers['x-correlation-id'] as string));
    expect(row).toMatchObject({ action: 'erase', targetType: 'client', targetIds: [client.id] });
    expect(row!.subjectUserId).toBe(client.id);
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: true });
    const mentions = await t.ctx.db.execute(
      sql`select count(*)::int as n from audit_log where details::text ilike ${`%${client.email}%`}`,
    );
    expect((mentions as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('answers 409 for an active client and erases nothing', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const res = await erase(client.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: RETENTION_TEXTS.eraseActiveClient, code: 'conflict' });
    expect(await userExists(t.ctx, client.id)).toBe(true);
  });

  it('is for staff: 401 signed out, 403 to a therapist, a client or a carer', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const other = await buildCareTeam(t.ctx);
    await deactivate(t.ctx, other.client.id);
    expect((await erase(other.client.id, null)).statusCode).toBe(401);
    for (const user of [therapist, client, await buildCarer(t.ctx)] as TestUser[])
      expect((await erase(other.client.id, await login(t, user))).statusCode).toBe(403);
    expect(await userExists(t.ctx, other.client.id)).toBe(true);
  });

  it('answers 404 for a non-client, an unknown id and, to staff of a clinic, another clinic’s client', async () => {
    const mine = await buildCareTeam(t.ctx);
    const theirs = await buildCareTeam(t.ctx);
    await deactivate(t.ctx, mine.therapist.id);
    await deactivate(t.ctx, theirs.client.id);
    expect((await erase(mine.therapist.id)).statusCode).toBe(404);
    expect((await erase(2_000_000_000)).statusCode).toBe(404);

    const clinicStaff = await login(t, await staffOf(t, mine.clinicId));
    expect((await erase(theirs.client.id, clinicStaff)).statusCode).toBe(404);
    expect(await userExists(t.ctx, theirs.client.id)).toBe(true);
    await deactivate(t.ctx, mine.client.id);
    expect((await erase(mine.client.id, clinicStaff)).statusCode).toBe(204);
    // Erased already: nothing left to find.
    expect((await erase(mine.client.id)).statusCode).toBe(404);
  });
});
