import { rmSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { type Db, openPostgres } from '../../db/client';
import { auditLog } from '../../db/schema/audit-log';
import { idempotencyKeys } from '../../db/schema/idempotency-keys';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { passkeyChallenges } from '../../db/schema/passkeys';
import { refreshTokens } from '../../db/schema/refresh-tokens';
import { buildCareTeam, buildClinic, login } from '../../../test/factories';
import { tempDataDir } from '../../../test/fixtures/media-fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { startS3Server, type S3Server } from '../../../test/s3-server';
import { databaseUrlOf } from '../../../test/side-process';
import { verifyAuditChain } from '../audit/audit-verify.service';
import {
  buildClientWithRecords,
  deactivatedAgo,
  staffOf,
  storageKeysOf,
  userExists,
} from './retention.test-support';
import { runRetention } from './retention.service';

// The daily retention job (docs/product/retention.md#the-job) with media in an S3-protocol bucket.

let t: TestApp;
let s3: S3Server;
const dataDir = tempDataDir();
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ DATA_DIR: dataDir, ...s3.env });
});
afterAll(async () => {
  await t.close();
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const yearsLater = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date;
};

describe('the retention job', () => {
  it('erases only clients deactivated longer than their clinic keeps records, and their own files', async () => {
    const staff = await login(t, await staffOf(t));
    const sevenYears = await buildClinic(t.ctx);
    const tenYears = await buildClinic(t.ctx);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/clinics/${tenYears}/`,
      payload: { retention_years: 10 },
      headers: staff.headers,
    });
    expect(saved.json()).toMatchObject({ retention_years: 10 });
    const expired = await buildClientWithRecords(t, { clinicId: sevenYears });
    const recent = await buildClientWithRecords(t, { clinicId: tenYears });
    const objects = await s3.objectKeys();
    expect(objects).toEqual(expect.arrayContaining([...expired.ownKeys, ...expired.sharedKeys]));

    // Eight years on: past the first clinic's seven, inside the second's ten.
    t.clock.set(yearsLater(8));
    const report = await runRetention(t.ctx, { oncePerDay: true });

    expect(report.ran).toBe(true);
    expect(report.clients.map((c) => c.id)).toEqual([expired.client.id]);
    expect(report.clients[0]).toMatchObject({ programs: 2, feedback: 1, messages: 1, carer_links: 1 });
    expect(report.files).toBe(expired.ownKeys.length);
    expect(await userExists(t.ctx, expired.client.id)).toBe(false);
    for (const id of [recent.client.id, expired.neighbour.id, expired.therapist.id])
      expect(await userExists(t.ctx, id)).toBe(true);
    const left = await s3.objectKeys();
    for (const key of expired.ownKeys) expect(left).not.toContain(key);
    for (const key of [...expired.sharedKeys, ...recent.ownKeys, ...recent.sharedKeys])
      expect(left).toContain(key);
    expect(await storageKeysOf(t.ctx, expired.mediaIds.shared)).toEqual(expired.sharedKeys);

    // One audit row for the run, ids only, and the chain still verifies.
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'erase'));
    expect(rows).toEqual([
      expect.objectContaining({
        actorId: null,
        targetType: 'client',
        targetIds: [expired.client.id],
        details: { reason: 'retention', files: expired.ownKeys.length },
      }),
    ]);
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: true });

    // The same day again does nothing; the client of the ten-year clinic goes once their ten years are up.
    expect((await runRetention(t.ctx, { oncePerDay: true })).ran).toBe(false);
    t.clock.set(yearsLater(11));
    const later = await runRetention(t.ctx, { oncePerDay: true });
    expect(later.clients.map((c) => c.id)).toEqual([recent.client.id]);
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: true });
  });

  it('prunes sent mail older than 30 days, expired keys, challenges and refresh tokens, and keeps the rest', async () => {
    const now = new Date('2040-01-15T12:00:00Z');
    t.clock.set(now);
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const { client } = await buildCareTeam(t.ctx);
    const mail = (status: string, sentAt: Date | null) => ({
      recipient: 'someone@example.test',
      subject: 'Hello',
      text: '',
      html: '',
      status,
      sentAt,
      createdAt: sentAt ?? now,
    });
    const mails = await t.ctx.db
      .insert(mailOutbox)
      .values([mail('sent', daysAgo(31)), mail('sent', daysAgo(29)), mail('pending', null)])
      .returning({ id: mailOutbox.id });
    await t.ctx.db.insert(idempotencyKeys).values([
      {
        userId: client.id,
        key: 'old',
        requestHash: 'x',
        statusCode: 201,
        response: {},
        createdAt: daysAgo(2),
      },
      { userId: client.id, key: 'fresh', requestHash: 'x', statusCode: 201, response: {}, createdAt: now },
    ]);
    await t.ctx.db.insert(passkeyChallenges).values([
      { challenge: `old-${client.id}`, purpose: 'sign_in', expiresAt: daysAgo(1) },
      { challenge: `fresh-${client.id}`, purpose: 'sign_in', expiresAt: daysAgo(-1) },
    ]);
    const family = '00000000-0000-4000-8000-000000000001';
    await t.ctx.db.insert(refreshTokens).values([
      { userId: client.id, tokenHash: `expired-${client.id}`, familyId: family, expiresAt: daysAgo(1) },
      {
        userId: client.id,
        tokenHash: `revoked-${client.id}`,
        familyId: family,
        expiresAt: daysAgo(-5),
        revoked: true,
      },
      { userId: client.id, tokenHash: `live-${client.id}`, familyId: family, expiresAt: daysAgo(-5) },
    ]);

    const dry = await runRetention(t.ctx, { dryRun: true });
    expect(dry.pruned).toMatchObject({ idempotency_keys: 1, passkey_challenges: 1 });
    expect(dry.pruned.sent_mail).toBeGreaterThanOrEqual(1);
    expect(dry.pruned.refresh_tokens).toBeGreaterThanOrEqual(2);
    const report = await runRetention(t.ctx, { oncePerDay: true });
    expect(report.pruned).toEqual(dry.pruned);

    const mailLeft = await t.ctx.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.id,
          mails.map((m) => m.id),
        ),
      );
    expect(mailLeft.map((m) => m.id)).toEqual(mails.slice(1).map((m) => m.id));
    const keys = await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, client.id));
    expect(keys.map((k) => k.key)).toEqual(['fresh']);
    const tokens = await t.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, client.id));
    expect(tokens.map((r) => r.tokenHash)).toEqual([`live-${client.id}`]);
    const challenges = await t.ctx.db
      .select()
      .from(passkeyChallenges)
      .where(inArray(passkeyChallenges.challenge, [`old-${client.id}`, `fresh-${client.id}`]));
    expect(challenges.map((c) => c.challenge)).toEqual([`fresh-${client.id}`]);
  });

  it('runs once a day across two processes (two connections on PostgreSQL, two handles on PGlite)', async () => {
    const now = new Date('2045-06-01T00:30:00Z');
    const clients: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { client } = await buildCareTeam(t.ctx);
      t.clock.set(now);
      await deactivatedAgo(t.ctx, client.id, 8);
      clients.push(client.id);
    }
    const second = process.env.TEST_DB === 'postgres' ? await openPostgres(databaseUrlOf(t.ctx.db)) : null;
    const otherDb =
      second?.db ??
      (drizzle({ client: (t.ctx.db as unknown as { $client: PGlite }).$client }) as unknown as Db);
    const contexts: AppContext[] = [
      { ...t.ctx, now: () => now },
      { ...t.ctx, db: otherDb, now: () => now },
    ];
    try {
      const reports = await Promise.all(contexts.map((ctx) => runRetention(ctx, { oncePerDay: true })));
      expect(reports.filter((r) => r.ran)).toHaveLength(1);
      const erased = reports.flatMap((r) => r.clients.map((c) => c.id));
      expect(erased.sort()).toEqual(clients.sort());
      for (const id of clients) expect(await userExists(t.ctx, id)).toBe(false);
      const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'erase'));
      expect(rows.filter((r) => clients.some((id) => r.targetIds.includes(id)))).toHaveLength(1);
      expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: true });
    } finally {
      await second?.close();
    }
  });
});
