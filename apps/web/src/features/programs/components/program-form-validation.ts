import { duplicateExerciseIndexes } from '@hep/shared/domain/exercise-names';
import { MESSAGES } from '@hep/shared/messages';
import type { ProgramFormValues } from './program-form-values';

/** A form path as react-hook-form names it: 'name', 'exercises.0.instructions', 'end_date', ... */
export type ProgramFieldPath =
  | 'name'
  | 'start_date'
  | 'end_date'
  | 'days_of_week'
  | `exercises.${number}.name`
  | `exercises.${number}.instructions`;

export interface ProgramFormIssue {
  path: ProgramFieldPath;
  message: string;
}

/** 'End date must be after start date' when both are set and the end is earlier (also checked on change). */
export function endDateIssue(startDate: string, endDate: string): string | null {
  return startDate && endDate && endDate < startDate ? MESSAGES.endDateAfterStart : null;
}

/** Exercises whose name repeats an earlier one: shown at once, and the draft button waits until they differ. */
export function duplicateNameIssues(values: Pick<ProgramFormValues, 'exercises'>): ProgramFormIssue[] {
  return duplicateExerciseIndexes(values.exercises.map((e) => e.name)).map((index) => ({
    path: `exercises.${index}.name`,
    message: MESSAGES.duplicateExerciseName,
  }));
}

/** Every problem that stops a publish (spec section 5; a draft skips them, the server repeats them). */
export function publishIssues(values: ProgramFormValues): ProgramFormIssue[] {
  const issues: ProgramFormIssue[] = [];
  if (!values.name.trim()) issues.push({ path: 'name', message: MESSAGES.programNameRequired });
  const duplicates = new Set(duplicateExerciseIndexes(values.exercises.map((e) => e.name)));
  values.exercises.forEach((exercise, index) => {
    if (!exercise.name.trim()) {
      issues.push({ path: `exercises.${index}.name`, message: MESSAGES.exerciseNameRequired });
    } else if (duplicates.has(index)) {
      issues.push({ path: `exercises.${index}.name`, message: MESSAGES.duplicateExerciseName });
    }
    if (!exercise.instructions.trim()) {
      issues.push({
        path: `exercises.${index}.instructions`,
        message: MESSAGES.exerciseInstructionsRequired,
      });
    }
  });
  if (!values.start_date) issues.push({ path: 'start_date', message: MESSAGES.startDateRequired });
  const endIssue = values.end_date
    ? endDateIssue(values.start_date, values.end_date)
    : MESSAGES.endDateRequired;
  if (endIssue) issues.push({ path: 'end_date', message: endIssue });
  if (values.days_of_week.length === 0) {
    issues.push({ path: 'days_of_week', message: MESSAGES.dayRequired });
  }
  return issues;
}

/** Server field keys (`exercises.{n}.name`, n = index in the sent list) as form paths; unknown keys are dropped. */
export function serverFieldIssues(
  fields: Record<string, string>,
  sentIndexes: readonly number[],
): { issues: ProgramFormIssue[]; fileIssues: { index: number; kind: 'image' | 'video'; message: string }[] } {
  const issues: ProgramFormIssue[] = [];
  const fileIssues: { index: number; kind: 'image' | 'video'; message: string }[] = [];
  for (const [key, message] of Object.entries(fields)) {
    if (key === 'name' || key === 'start_date' || key === 'end_date' || key === 'days_of_week') {
      issues.push({ path: key, message });
      continue;
    }
    const exercise = /^exercises\.(\d+)\.(name|instructions|image|video)$/.exec(key);
    const file = /^exercise_(\d+)_(image|video)$/.exec(key);
    const match = exercise ?? file;
    if (!match) continue;
    const index = sentIndexes[Number(match[1])];
    if (index === undefined) continue;
    const part = match[2] as 'name' | 'instructions' | 'image' | 'video';
    if (part === 'image' || part === 'video') fileIssues.push({ index, kind: part, message });
    else issues.push({ path: `exercises.${index}.${part}`, message });
  }
  return { issues, fileIssues };
}
