import { randomUUID } from 'node:crypto';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZClinic } from '@hep/shared/schemas/staff';
import { auditLog } from '../../db/schema/audit-log';
import { clinics } from '../../db/schema/clinics';
import { buildCareTeam, buildClinic, buildStaff, login, type Session } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { CLINIC_NAME_TAKEN } from './clinics.service';

let t: TestApp;
let staffSession: Session;
beforeAll(async () => {
  t = await createTestApp();
  staffSession = await login(t, await buildStaff(t.ctx));
});
afterAll(() => t.close());

const listClinics = (session: Session | null = staffSession) =>
  t.app.inject({ method: 'GET', url: '/api/clinics/', ...(session ? { headers: session.headers } : {}) });
const addClinic = (payload: object, session: Session | null = staffSession, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/clinics/',
    payload,
    ...(session ? { headers: session.headers } : {}),
    remoteAddress: ip,
  });
const countNamed = async (name: string) =>
  (
    await t.ctx.db
      .select()
      .from(clinics)
      .where(sql`lower(${clinics.name}) = lower(${name})`)
  ).length;

describe('GET /api/clinics/', () => {
  it('lists every clinic with id and name, sorted by name in any letter case', async () => {
    const tag = randomUUID().slice(0, 6);
    const b = await buildClinic(t.ctx, `b ${tag}`);
    const a = await buildClinic(t.ctx, `A ${tag}`);
    const c = await buildClinic(t.ctx, `C ${tag}`);

    const res = await listClinics();

    expect(res.statusCode).toBe(200);
    const body = z.array(ZClinic.strict()).parse(res.json());
    expect(body.filter((x) => x.name.endsWith(tag))).toEqual([
      { id: a, name: `A ${tag}` },
      { id: b, name: `b ${tag}` },
      { id: c, name: `C ${tag}` },
    ]);
  });

  it('answers 401 without a token and 403 to therapists and clients', async () => {
    expect((await listClinics(null)).statusCode).toBe(401);
    const { therapist, client } = await buildCareTeam(t.ctx);
    for (const user of [therapist, client]) {
      const res = await listClinics(await login(t, user));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: ERROR_TEXTS.forbidden, code: 'forbidden' });
    }
  });
});

describe('POST /api/clinics/', () => {
  it('adds a clinic (name trimmed), answers 201 { id, name } and lists it', async () => {
    const name = `Northside Neuro ${randomUUID().slice(0, 6)}`;
    const res = await addClinic({ name: `  ${name} ` });
    expect(res.statusCode).toBe(201);
    const body = ZClinic.strict().parse(res.json());
    expect(body.name).toBe(name);
    expect((await listClinics()).json()).toContainEqual({ id: body.id, name });
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, res.headers['x-correlation-id'] as string));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'create', targetType: 'clinic', targetIds: [body.id] }),
    ]);
  });

  it('answers 409 for a name already used, in any letter case, and adds nothing', async () => {
    const name = `Twin Clinic ${randomUUID().slice(0, 6)}`;
    expect((await addClinic({ name })).statusCode).toBe(201);
    const res = await addClinic({ name: ` ${name.toUpperCase()} ` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: CLINIC_NAME_TAKEN,
      code: 'conflict',
      fields: { name: CLINIC_NAME_TAKEN },
    });
    expect(await countNamed(name)).toBe(1);
  });

  it('adds only one of two racing requests for the same name', async () => {
    const name = `Race Clinic ${randomUUID().slice(0, 6)}`;
    const results = await Promise.all([addClinic({ name }), addClinic({ name: name.toLowerCase() })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await countNamed(name)).toBe(1);
  });

  it.each([
    ['a blank name', { name: '   ' }, VALIDATION_TEXTS.required],
    ['no name', {}, VALIDATION_TEXTS.required],
    ['a name that is too long', { name: 'x'.repeat(101) }, VALIDATION_TEXTS.tooLong],
  ])('answers 400 for %s', async (_label, payload, message) => {
    const res = await addClinic(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'validation_error', fields: { name: message } });
  });

  it('answers 401 without a token and 403 to therapists and clients, adding nothing', async () => {
    const name = `Refused ${randomUUID().slice(0, 6)}`;
    expect((await addClinic({ name }, null)).statusCode).toBe(401);
    const { therapist, client } = await buildCareTeam(t.ctx);
    for (const user of [therapist, client]) {
      const res = await addClinic({ name }, await login(t, user));
      expect(res.statusCode).toBe(403);
    }
    expect(await countNamed(name)).toBe(0);
  });

  it('answers 429 after too many writes from one address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 60; i += 1)
      expect((await addClinic({ name: '' }, staffSession, ip)).statusCode).toBe(400);
    const res = await addClinic({ name: `Late ${randomUUID()}` }, staffSession, ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
