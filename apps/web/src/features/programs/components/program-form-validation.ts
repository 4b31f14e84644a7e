import { exerciseProblems, programProblems } from '@hep/shared/domain/program-checks';
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
