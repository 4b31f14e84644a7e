import type { CarePlan, Practitioner, Reference, ServiceRequest, Timing } from '@medplum/fhirtypes';
import { dosageInWords } from '@hep/shared/domain/dosage';
import type { TTranslate } from '@hep/shared/texts/translate';
import { fullName, referenceTo } from './fhir-references';
import type { ExerciseRow, ProgramRow } from './fhir.repository';

/*
 * A program as a CarePlan, and each of its exercises as a ServiceRequest the plan's activities point to
 * (docs/product/records.md#fhir-export): the instructions and the dosage in words as the patient's instruction, the
 * program's weekdays and dates as its timing.
 */

type PlanStatus = 'draft' | 'active' | 'completed';

/** A draft is a draft; a published program is completed once its last day is past, else active. */
export function programStatus(program: ProgramRow, today: string): PlanStatus {
  if (program.isDraft) return 'draft';
  return program.endDate !== null && program.endDate < today ? 'completed' : 'active';
}

const period = (program: ProgramRow) =>
  program.startDate || program.endDate
    ? {
        ...(program.startDate ? { start: program.startDate } : {}),
        ...(program.endDate ? { end: program.endDate } : {}),
      }
    : undefined;

function prescriber(
  program: ProgramRow,
  practitionerIds: ReadonlySet<number>,
): Reference<Practitioner> | undefined {
  if (program.therapistId === null) return undefined;
  if (practitionerIds.has(program.therapistId)) return referenceTo('Practitioner', program.therapistId);
  const name = fullName(program.therapistFirstName, program.therapistLastName);
  return name ? { display: name } : undefined;
}

export function carePlanOf(
  program: ProgramRow,
  exercises: ExerciseRow[],
  context: { clientId: number; today: string; practitionerIds: ReadonlySet<number> },
): CarePlan {
  const author = prescriber(program, context.practitionerIds);
  const when = period(program);
  return {
    resourceType: 'CarePlan',
    id: String(program.id),
    status: programStatus(program, context.today),
    intent: 'plan',
    title: program.name,
    subject: referenceTo('Patient', context.clientId),
    ...(when ? { period: when } : {}),
    created: program.createdAt.toISOString(),
    ...(author ? { author } : {}),
    ...(exercises.length
      ? { activity: exercises.map((exercise) => ({ reference: referenceTo('ServiceRequest', exercise.id) })) }
      : {}),
  };
}

const DAY_CODES = {
  MON: 'mon',
  TUE: 'tue',
  WED: 'wed',
  THU: 'thu',
  FRI: 'fri',
  SAT: 'sat',
  SUN: 'sun',
} as const;

/** The program's days (and dates, when set) and the exercise's times a day. */
function timingOf(program: ProgramRow, exercise: ExerciseRow): Timing {
  const days = program.daysOfWeek
    .map((day) => DAY_CODES[day as keyof typeof DAY_CODES])
    .filter((day) => day !== undefined);
  const bounds = period(program);
  return {
    repeat: {
      ...(bounds ? { boundsPeriod: bounds } : {}),
      frequency: exercise.timesPerDay ?? 1,
      period: 1,
      periodUnit: 'd',
      ...(days.length ? { dayOfWeek: days } : {}),
    },
  };
}

/** The instructions, then the dosage in words ("3 sets of 10 · hold 5 seconds"), in the client's language. */
export function patientInstructionOf(exercise: ExerciseRow, t: TTranslate): string | undefined {
  const dosage = dosageInWords(
    {
      sets: exercise.sets,
      reps: exercise.reps,
      hold_seconds: exercise.holdSeconds,
      rest_seconds: exercise.restSeconds,
      times_per_day: exercise.timesPerDay,
      side: exercise.side,
    },
    t,
  );
  const parts = [exercise.instructions.trim(), dosage].filter(Boolean);
  return parts.length ? parts.join('\n\n') : undefined;
}

export function serviceRequestOf(
  program: ProgramRow,
  exercise: ExerciseRow,
  context: { clientId: number; today: string; practitionerIds: ReadonlySet<number>; t: TTranslate },
): ServiceRequest {
  const planStatus = programStatus(program, context.today);
  // An exercise taken out of its program stays on the record with its feedback, as an order that was stopped.
  const status = exercise.removedAt ? 'revoked' : planStatus;
  const requester = prescriber(program, context.practitionerIds);
  const instruction = patientInstructionOf(exercise, context.t);
  return {
    resourceType: 'ServiceRequest',
    id: String(exercise.id),
    status,
    intent: 'order',
    basedOn: [referenceTo('CarePlan', program.id)],
    code: { text: exercise.name },
    subject: referenceTo('Patient', context.clientId),
    occurrenceTiming: timingOf(program, exercise),
    authoredOn: exercise.createdAt.toISOString(),
    ...(requester ? { requester } : {}),
    ...(instruction ? { patientInstruction: instruction } : {}),
  };
}
