import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRISIS_TEXT_MAX, RETENTION_YEARS_DEFAULT } from '@hep/shared/schemas/staff';
import { RETENTION_TEXTS } from '@hep/shared/texts/retention';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { buildCareTeam, buildClinic, buildStaff, login, type Session } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { DEFAULT_CRISIS_TEXT } from '../measures/measures.service';

// A clinic's settings (docs/product/outcome-measures.md#safety): the crisis text a client who may be at risk reads.

let t: TestApp;
let staff: Session;
beforeAll(async () => {
  t = await createTestApp();
  staff = await login(t, await buildStaff(t.ctx));
});
afterAll(() => t.close());

const settings = (id: number, session: Session | null = staff) =>
  t.app.inject({ method: 'GET', url: `/api/clinics/${id}/`, headers: session?.headers ?? {} });
const update = (id: number, payload: object, session: Session | null = staff) =>
  t.app.inject({ method: 'PATCH', url: `/api/clinics/${id}/`, payload, headers: session?.headers ?? {} });

describe('GET and PATCH /api/clinics/{id}/', () => {
  it('uses the default crisis text until staff set the clinic own, and goes back to it when blanked', async () => {
    const id = await buildClinic(t.ctx, 'Harbour Physio');
    expect((await settings(id)).json()).toEqual({
      id,
      name: 'Harbour Physio',
      crisis_text: null,
      default_crisis_text: DEFAULT_CRISIS_TEXT,
      retention_years: RETENTION_YEARS_DEFAULT,
    });
    const own = 'Call Harbour Physio on 02 9000 0000, or 000 in an emergency.';
    const saved = await update(id, { crisis_text: `  ${own} ` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ crisis_text: own });
    expect((await update(id, {})).json()).toMatchObject({ crisis_text: own });
    expect((await update(id, { crisis_text: '' })).json()).toMatchObject({ crisis_text: null });
  });

  it('refuses text over the limit or with invalid characters, and keeps the saved text', async () => {
    const id = await buildClinic(t.ctx);
    await update(id, { crisis_text: 'Call 000.' });
    const long = await update(id, { crisis_text: 'x'.repeat(CRISIS_TEXT_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ crisis_text: VALIDATION_TEXTS.tooLong });
    expect((await update(id, { crisis_text: 'a\u0000b' })).statusCode).toBe(400);
    expect((await settings(id)).json()).toMatchObject({ crisis_text: 'Call 000.' });
  });

  it('keeps a deactivated client 7 years unless staff choose 1 to 100 whole years (docs/product/retention.md)', async () => {
    const id = await buildClinic(t.ctx);
    const saved = await update(id, { retention_years: 10 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ retention_years: 10, crisis_text: null });
    // Absent keeps it; a crisis text saved alone leaves it.
    expect((await update(id, { crisis_text: 'Call 000.' })).json()).toMatchObject({ retention_years: 10 });
    for (const bad of [0, -1, 101, 2.5, '7', null]) {
      const res = await update(id, { retention_years: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ retention_years: RETENTION_TEXTS.retentionYearsRange });
    }
    expect((await update(id, { retention_years: 1 })).json()).toMatchObject({ retention_years: 1 });
    expect((await update(id, { retention_years: 100 })).json()).toMatchObject({ retention_years: 100 });
    expect((await settings(id)).json()).toMatchObject({ retention_years: 100 });
  });

  it('is for staff: a therapist 403, signed out 401, an unknown clinic 404', async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    expect((await settings(clinicId, session)).statusCode).toBe(403);
    expect((await update(clinicId, { crisis_text: 'x' }, session)).statusCode).toBe(403);
    expect((await settings(clinicId, null)).statusCode).toBe(401);
    expect((await settings(999_999)).statusCode).toBe(404);
    expect((await update(999_999, { crisis_text: 'x' })).statusCode).toBe(404);
  });
});
