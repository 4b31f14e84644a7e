import { and, eq } from 'drizzle-orm';
import type { Bundle, CarePlan, Observation, ServiceRequest } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { buildStaff, callAs, login } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { countRoundTrips } from '../../../test/round-trips';
import { PAIN_LOINC } from './fhir-observations';
import { fhirIssues, seedClientRecord } from './fhir.test-support';

let t: TestApp;
let s: Awaited<ReturnType<typeof seedClientRecord>>;

beforeAll(async () => {
  t = await createTestApp();
  s = await seedClientRecord(t);
});
afterAll(() => t.close());

const fhirUrl = (clientId: number) => `/api/clients/${clientId}/fhir/`;

const resourcesOf = <T>(bundle: Bundle, type: string) =>
  (bundle.entry ?? []).map((e) => e.resource!).filter((r) => r.resourceType === type) as T[];

describe('GET /api/clients/{client_id}/fhir/', () => {
  it('answers the care team with a FHIR R4 Bundle every resource of which validates with no issue', async () => {
    const res = await callAs(t, s.therapist, 'GET', fhirUrl(s.client.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
    const bundle = res.json<Bundle>();
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });

    const counts: Record<string, number> = {};
    for (const entry of bundle.entry ?? []) {
      const resource = entry.resource!;
      counts[resource.resourceType] = (counts[resource.resourceType] ?? 0) + 1;
      expect(fhirIssues(resource), `${resource.resourceType}/${resource.id}`).toEqual([]);
      expect(entry.fullUrl).toBe(`http://app.test/fhir/${resource.resourceType}/${resource.id}`);
    }
    expect(fhirIssues(bundle)).toEqual([]);
    expect(counts).toEqual({
      Patient: 1,
      Practitioner: 2,
      Organization: 1,
      RelatedPerson: 1,
      CarePlan: 2,
      ServiceRequest: 3,
      Observation: 3,
      Questionnaire: 3,
      QuestionnaireResponse: 3,
    });
  });

  it('is checked by a validator that does find faults', () => {
    const broken = { resourceType: 'Observation', id: '1', code: { text: 'x' }, valueInteger: 'four' };
    expect(fhirIssues(broken as never).length).toBeGreaterThan(0);
  });

  it('says what the record holds: plans and their orders, pain as LOINC 72514-3, the carer, references that resolve', async () => {
    const bundle = (await callAs(t, s.therapist, 'GET', fhirUrl(s.client.id))).json<Bundle>();
    const ids = new Set((bundle.entry ?? []).map((e) => `${e.resource!.resourceType}/${e.resource!.id}`));

    const plans = resourcesOf<CarePlan>(bundle, 'CarePlan');
    expect(plans.map((p) => p.title)).toEqual(['Balance program', 'Walking program']);
    expect(plans[0]).toMatchObject({
      status: 'active',
      intent: 'plan',
      subject: { reference: `Patient/${s.client.id}` },
    });
    for (const activity of plans.flatMap((p) => p.activity ?? []))
      expect(ids.has(activity.reference!.reference!)).toBe(true);

    const orders = resourcesOf<ServiceRequest>(bundle, 'ServiceRequest');
    const dosed = orders.find((o) => o.id === String(s.programs[0]!.exerciseIds[0]));
    expect(dosed?.patientInstruction).toBe(
      'Stand up from a chair without using your hands, 10 times.\n\n3 sets of 10 · hold 5 seconds · left side · twice a day',
    );
    expect(dosed?.occurrenceTiming?.repeat).toMatchObject({
      dayOfWeek: ['mon', 'wed', 'fri'],
      frequency: 2,
      periodUnit: 'd',
    });
    const walk = orders.find((o) => o.id === String(s.programs[1]!.exerciseIds[0]));
    expect(walk?.occurrenceTiming?.repeat?.dayOfWeek).toEqual(['tue', 'thu']);
    expect(walk?.patientInstruction).toBe('Walk around the block.');

    const observations = resourcesOf<Observation>(bundle, 'Observation');
    const sore = observations.find((o) => o.id === String(s.feedbackIds[0]));
    const pain = sore?.component?.find((c) => c.code.coding?.some((code) => code.code === PAIN_LOINC));
    expect(pain?.code.coding?.[0]).toMatchObject({ system: 'http://loinc.org', code: '72514-3' });
    expect(pain?.valueInteger).toBe(4);
    expect(sore?.component?.find((c) => c.code.coding?.[0]?.code === 'effort')?.valueInteger).toBe(6);
    expect(sore?.note).toEqual([{ text: 'A bit sore' }]);
    const unrated = observations.find((o) => o.id === String(s.feedbackIds[1]));
    expect(unrated?.component).toHaveLength(1);
    expect(unrated?.component?.[0]?.dataAbsentReason?.text).toBe('Not rated');
    for (const o of observations) expect(ids.has(o.basedOn![0]!.reference!)).toBe(true);

    expect(resourcesOf(bundle, 'RelatedPerson')[0]).toMatchObject({
      id: String(s.linkId),
      name: [{ text: 'Maria Lopez' }],
      relationship: [{ text: 'Daughter' }],
    });
  });

  it('reads the record in a fixed handful of statements, however many programs it has', async () => {
    const session = await login(t, s.therapist);
    const counter = countRoundTrips(t.ctx.db);
    const res = await t.app.inject({ method: 'GET', url: fhirUrl(s.client.id), headers: session.headers });
    const statements = counter.count();
    counter.restore();
    expect(res.statusCode).toBe(200);
    // The scope, the care team, the clinic, programs, exercises, feedback, results, carers and the audit row.
    expect(statements).toBeLessThanOrEqual(11);
  });

  it('answers the client themself and staff, and audits each read with the client as subject', async () => {
    expect((await callAs(t, s.client, 'GET', fhirUrl(s.client.id))).statusCode).toBe(200);
    const staff = await buildStaff(t.ctx);
    expect((await callAs(t, staff, 'GET', fhirUrl(s.client.id))).statusCode).toBe(200);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.actorId, staff.id), eq(auditLog.targetType, 'user'), eq(auditLog.action, 'read')),
      );
    expect(rows.at(-1)).toMatchObject({
      subjectUserId: s.client.id,
      outcome: 'ok',
      details: { view: 'fhir' },
    });
  });

  it('answers 404 to another clinic’s therapist and to a carer, 401 without a session', async () => {
    expect((await callAs(t, s.stranger, 'GET', fhirUrl(s.client.id))).statusCode).toBe(404);
    expect((await callAs(t, s.carer, 'GET', fhirUrl(s.client.id))).statusCode).toBe(404);
    expect((await callAs(t, null, 'GET', fhirUrl(s.client.id))).statusCode).toBe(401);
    expect((await callAs(t, s.therapist, 'GET', fhirUrl(s.therapist.id))).statusCode).toBe(404);
    // Another clinic's client: one row, denied (the scope check's); a non-client: one row, not found.
    const refused = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, s.stranger.id));
    expect(refused.filter((row) => row.action === 'read')).toEqual([
      expect.objectContaining({ outcome: 'denied', targetIds: [s.client.id] }),
    ]);
    const missing = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, s.therapist.id));
    expect(missing.filter((row) => row.outcome !== 'ok')).toEqual([
      expect.objectContaining({ outcome: 'not_found', targetIds: [s.therapist.id] }),
    ]);
  });
});
