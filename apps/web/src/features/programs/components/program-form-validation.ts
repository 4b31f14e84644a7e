import { DOSAGE_FIELDS } from '@hep/shared/domain/dosage';
import { exerciseProblems, programProblems } from '@hep/shared/domain/program-checks';
import type { ProgramFormValues } from './program-form-values';

/** A form path as react-hook-form names it: 'name', 'exercises.0.instructions', 'end_date', ... */
export type ProgramFieldPath =
  | 'name'
  | 'start_date'
  | 'end_date'
  | 'days_of_week'
  | `exercises.${number}.name`
  | `exercises.${number}.instructions`
  | `exercises.${number}.dosage.${(typeof DOSAGE_FIELDS)[number]}`;

export interface ProgramFormIssue {
  path: ProgramFieldPath;
  message: string;
}

const asIssues = (problems: Record<string, string>): ProgramFormIssue[] =>
  Object.entries(problems).map(([path, message]) => ({ path: path as ProgramFieldPath, message }));

/** Exercises whose name repeats an earlier one: shown at once, and the draft button waits until they differ. */
export function duplicateNameIssues(values: Pick<ProgramFormValues, 'exercises'>): ProgramFormIssue[] {
  return asIssues(exerciseProblems(values.exercises, false));
}

/** Every problem that stops a publish, in the form's order: the server runs the same shared checks. */
export function publishIssues(values: ProgramFormValues): ProgramFormIssue[] {
  return asIssues(programProblems(values, true));
}

type ServerFieldTarget =
  { path: ProgramFieldPath } | { file: { index: number; kind: 'image' | 'video' } } | null;

const DOSAGE_KEY = DOSAGE_FIELDS.join('|');
const EXERCISE_KEY = new RegExp(`^exercises\\.(\\d+)\\.(name|instructions|image|video|${DOSAGE_KEY})$`);

/**
 * Where a server field key goes: `name`, `start_date`, ... and `exercises.{n}.name` (n = index in the sent list)
 * onto form paths, a dosage key (`exercises.{n}.sets`) onto the exercise's dosage input, `exercises.{n}.image` and
 * `exercise_{n}_image` onto the exercise's file; unknown keys nowhere.
 */
function serverFieldTarget(key: string, sentIndexes: readonly number[]): ServerFieldTarget {
  if (key === 'name' || key === 'start_date' || key === 'end_date' || key === 'days_of_week')
    return { path: key };
  const match = EXERCISE_KEY.exec(key) ?? /^exercise_(\d+)_(image|video)$/.exec(key);
  if (!match) return null;
  const index = sentIndexes[Number(match[1])];
  if (index === undefined) return null;
  const part = match[2]!;
  if (part === 'image' || part === 'video') return { file: { index, kind: part } };
  if (part === 'name' || part === 'instructions') return { path: `exercises.${index}.${part}` };
  return { path: `exercises.${index}.dosage.${part as (typeof DOSAGE_FIELDS)[number]}` };
}

/** The form path a server field key names, or null (a file's key, or one the form does not know). */
export function serverFieldPath(key: string, sentIndexes: readonly number[]): ProgramFieldPath | null {
  const target = serverFieldTarget(key, sentIndexes);
  return target && 'path' in target ? target.path : null;
}

/** Server field keys as form paths and exercise files; unknown keys are dropped. */
export function serverFieldIssues(
  fields: Record<string, string>,
  sentIndexes: readonly number[],
): { issues: ProgramFormIssue[]; fileIssues: { index: number; kind: 'image' | 'video'; message: string }[] } {
  const issues: ProgramFormIssue[] = [];
  const fileIssues: { index: number; kind: 'image' | 'video'; message: string }[] = [];
  for (const [key, message] of Object.entries(fields)) {
    const target = serverFieldTarget(key, sentIndexes);
    if (target && 'path' in target) issues.push({ path: target.path, message });
    else if (target) fileIssues.push({ ...target.file, message });
  }
  return { issues, fileIssues };
}
