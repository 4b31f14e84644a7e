import type { Observation, ObservationComponent } from '@medplum/fhirtypes';
import { enteredByReference, type People, referenceTo } from './fhir-references';
import type { FeedbackRow } from './fhir.repository';

/*
 * One Observation per feedback entry (docs/product/records.md#fhir-export): the effort (0-10, our own code: no
 * standard code says "how hard was this exercise") and the pain as LOINC 72514-3, the 0-10 numeric pain rating, as
 * its components; how it felt as a note. Effort 0 means "not rated" (docs/product/feedback-and-progress.md#effort),
 * so it is said as absent, not as 0; a pain the client did not give is left out.
 */

export const PAIN_LOINC = '72514-3';
const LOINC = 'http://loinc.org';
const DATA_ABSENT = 'http://terminology.hl7.org/CodeSystem/data-absent-reason';

export const feedbackCodeSystem = (base: string) => `${base}/CodeSystem/exercise-feedback`;

function effortComponent(system: string, effort: number): ObservationComponent {
  const code = { coding: [{ system, code: 'effort', display: 'Effort, 0 to 10' }], text: 'Effort' };
  return effort > 0
    ? { code, valueInteger: effort }
    : { code, dataAbsentReason: { coding: [{ system: DATA_ABSENT, code: 'unknown' }], text: 'Not rated' } };
}

const painComponent = (pain: number): ObservationComponent => ({
  code: {
    coding: [
      {
        system: LOINC,
        code: PAIN_LOINC,
        display: 'Pain severity - 0-10 verbal numeric rating [Score] - Reported',
      },
    ],
    text: 'Pain',
  },
  valueInteger: pain,
});

export function observationOf(
  row: FeedbackRow,
  exerciseName: string,
  base: string,
  people: People,
): Observation {
  const system = feedbackCodeSystem(base);
  const feeling = row.feeling.trim();
  return {
    resourceType: 'Observation',
    id: String(row.id),
    status: 'final',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'survey',
            display: 'Survey',
          },
        ],
      },
    ],
    code: {
      coding: [{ system, code: 'exercise-feedback', display: 'Feedback on an exercise' }],
      text: `Feedback on ${exerciseName}`,
    },
    subject: referenceTo('Patient', people.clientId),
    basedOn: [referenceTo('ServiceRequest', row.exerciseId)],
    effectiveDateTime: row.dateCompleted,
    issued: row.updatedAt.toISOString(),
    performer: [enteredByReference(people, row)],
    ...(feeling ? { note: [{ text: feeling }] } : {}),
    component: [
      effortComponent(system, row.effortRating),
      ...(row.pain !== null ? [painComponent(row.pain)] : []),
    ],
  };
}
