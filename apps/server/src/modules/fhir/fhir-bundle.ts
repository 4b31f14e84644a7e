import { randomUUID } from 'node:crypto';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { TLanguage } from '@hep/shared/languages';
import { findInstrument } from '@hep/shared/measures/instruments';
import type { TTranslate } from '@hep/shared/texts/translate';
import { carePlanOf, serviceRequestOf } from './fhir-care-plans';
import { observationOf } from './fhir-observations';
import { type ClientFacts, organizationOf, patientOf, practitionerOf, relatedPersonOf } from './fhir-people';
import { questionnaireOf, questionnaireResponseOf } from './fhir-questionnaires';
import { bundleEntry, type People } from './fhir-references';
import type {
  CareTeamRow,
  CarerLinkRow,
  ClinicRow,
  ExerciseRow,
  FeedbackRow,
  MeasureResultRow,
  ProgramRow,
} from './fhir.repository';

/** Everything one client's record holds, as read by fhir.repository (one statement per kind). */
export interface ClientRecord {
  client: ClientFacts & { language: TLanguage };
  careTeam: CareTeamRow[];
  clinic: ClinicRow | null;
  programs: ProgramRow[];
  exercises: ExerciseRow[];
  feedback: FeedbackRow[];
  results: MeasureResultRow[];
  carerLinks: CarerLinkRow[];
}

/**
 * The client's record as a FHIR R4 `collection` Bundle (docs/product/records.md#fhir-export): Patient, the care
 * team's Practitioners, the clinic's Organization, a CarePlan per program with a ServiceRequest per exercise, an
 * Observation per feedback entry, a Questionnaire per instrument used and a QuestionnaireResponse per result, and a
 * RelatedPerson per live carer link.
 */
export function clientBundleOf(
  record: ClientRecord,
  options: { base: string; now: Date; t: TTranslate },
): Bundle {
  const { client } = record;
  const { base } = options;
  const today = options.now.toISOString().slice(0, 10);
  const people: People = {
    clientId: client.id,
    practitionerIds: new Set(record.careTeam.map((therapist) => therapist.id)),
    relatedPersonIds: new Map(record.carerLinks.map((link) => [link.carerId, link.id])),
  };
  const context = { clientId: client.id, today, practitionerIds: people.practitionerIds, t: options.t };

  const exercisesOf = new Map<number, ExerciseRow[]>();
  for (const exercise of record.exercises)
    exercisesOf.set(exercise.programId, [...(exercisesOf.get(exercise.programId) ?? []), exercise]);
  const programOf = new Map(record.programs.map((program) => [program.id, program]));
  const exerciseNames = new Map(record.exercises.map((exercise) => [exercise.id, exercise.name]));

  const instruments = [...new Set(record.results.map((r) => r.instrument))]
    .map((code) => findInstrument(code))
    .filter((instrument) => instrument !== undefined);
  const instrumentOf = new Map(instruments.map((instrument) => [instrument.code, instrument]));

  const resources: Resource[] = [
    patientOf(client, record.careTeam, base),
    ...record.careTeam.map(practitionerOf),
    ...(record.clinic ? [organizationOf(record.clinic)] : []),
    ...record.carerLinks.map((link) => relatedPersonOf(link, client.id)),
    ...record.programs.map((program) => carePlanOf(program, exercisesOf.get(program.id) ?? [], context)),
    ...record.exercises.flatMap((exercise) => {
      const program = programOf.get(exercise.programId);
      return program ? [serviceRequestOf(program, exercise, context)] : [];
    }),
    ...record.feedback.map((row) =>
      observationOf(row, exerciseNames.get(row.exerciseId) ?? '', base, people),
    ),
    ...instruments.map((instrument) => questionnaireOf(instrument, client.language, base)),
    ...record.results.flatMap((row) => {
      const instrument = instrumentOf.get(row.instrument);
      return instrument ? [questionnaireResponseOf(row, instrument, client.language, base, people)] : [];
    }),
  ];
  return {
    resourceType: 'Bundle',
    id: randomUUID(),
    type: 'collection',
    timestamp: options.now.toISOString(),
    entry: resources.map((resource) => bundleEntry(base, resource)),
  };
}
