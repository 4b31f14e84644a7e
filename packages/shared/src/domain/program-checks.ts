import { duplicateExerciseIndexes } from './exercise-names';
import { PROGRAM_TEXTS } from '../texts/programs';

/** What the checks of a program save look at; dates as yyyy-MM-dd, empty or null when not set. */
export interface CheckedProgram {
  name: string;
  start_date: string | null;
  end_date: string | null;
  days_of_week: readonly string[];
  exercises: readonly { name: string; instructions: string }[];
}

/** 'End date must be after start date' when both are set and the end is earlier (the form checks it on change). */
export function endDateProblem(startDate: string | null, endDate: string | null): string | null {
  return startDate && endDate && endDate < startDate ? PROGRAM_TEXTS.endDateAfterStart : null;
}

/**
 * The checks of docs/product/programs-and-exercises.md#checks, keyed by field as the form names them (`name`,
 * `exercises.0.instructions`, ...) in the form's order. Exercise names are unique within a program even in a draft;
 * the required fields and the end date are checked only when publishing. The server and the form both use this one
 * function.
 */
export function programProblems(program: CheckedProgram, publishing: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  if (publishing && !program.name.trim()) problems.name = PROGRAM_TEXTS.programNameRequired;
  Object.assign(problems, exerciseProblems(program.exercises, publishing));
  if (!publishing) return problems;
  if (!program.start_date) problems.start_date = PROGRAM_TEXTS.startDateRequired;
  const endProblem = program.end_date
    ? endDateProblem(program.start_date, program.end_date)
    : PROGRAM_TEXTS.endDateRequired;
  if (endProblem) problems.end_date = endProblem;
  if (program.days_of_week.length === 0) problems.days_of_week = PROGRAM_TEXTS.dayRequired;
  return problems;
}

/** The exercise part of programProblems, for the calls that change exercises only. */
export function exerciseProblems(
  exercises: CheckedProgram['exercises'],
  publishing: boolean,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const duplicates = new Set(duplicateExerciseIndexes(exercises.map((e) => e.name)));
  exercises.forEach((exercise, index) => {
    if (publishing && !exercise.name.trim()) {
      problems[`exercises.${index}.name`] = PROGRAM_TEXTS.exerciseNameRequired;
    } else if (duplicates.has(index)) {
      problems[`exercises.${index}.name`] = PROGRAM_TEXTS.duplicateExerciseName;
    }
    if (publishing && !exercise.instructions.trim()) {
      problems[`exercises.${index}.instructions`] = PROGRAM_TEXTS.exerciseInstructionsRequired;
    }
  });
  return problems;
}
