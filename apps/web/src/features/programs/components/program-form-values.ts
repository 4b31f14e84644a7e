import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TWeekday } from '@hep/shared/domain/constants';
import { sortWeekdays } from '@hep/shared/domain/weekdays';
import type { TExerciseInput, TProgram } from '@hep/shared/schemas/programs';
import {
  blankExerciseContent,
  contentFields,
  EXERCISE_MEDIA_KINDS,
  type ExerciseContentSource,
  type ExerciseContentValues,
  exerciseContentValues,
  isBlankContent,
  reusedMediaIds,
} from '../../../lib/exercise-content';

export type ProgramFormMode = 'create' | 'edit' | 'replicate';

/** An exercise of the form: its content (lib/exercise-content) and which saved exercise it is or copies. */
export interface ExerciseFormValues extends ExerciseContentValues {
  /** The exercise being edited (edit mode), else null. */
  exercise_id: number | null;
  /** The exercise being copied (replicate mode), else null. */
  source_exercise_id: number | null;
}

/**
 * A new exercise of the form that reuses `source`'s text, media and dosage (still editable): a library item, a
 * template's exercise or another program's, its files by reference.
 */
export function exerciseFromSource(source: ExerciseContentSource): ExerciseFormValues {
  return { ...blankExercise(), ...exerciseContentValues(source, 'reuse') };
}

export interface ProgramFormValues {
  name: string;
  start_date: string;
  /** '' when not set. */
  end_date: string;
  days_of_week: TWeekday[];
  exercises: ExerciseFormValues[];
}

export function blankExercise(): ExerciseFormValues {
  return { exercise_id: null, source_exercise_id: null, ...blankExerciseContent() };
}

/** Create: starts today, with one empty exercise to fill in. */
export function emptyProgramValues(today: string): ProgramFormValues {
  return { name: '', start_date: today, end_date: '', days_of_week: [], exercises: [blankExercise()] };
}

/**
 * Edit: the program as saved. Replicate (docs/product/programs-and-exercises.md#replicate): the name gets " (Copy)",
 * it starts today with no end date, and each exercise points at its source so that the server copies the media it
 * keeps. " (Copy)" reads in the therapist's language; the name saved is then theirs to edit.
 */
export function programToFormValues(
  program: TProgram,
  mode: Exclude<ProgramFormMode, 'create'>,
  today: string,
): ProgramFormValues {
  const replicate = mode === 'replicate';
  const name = program.name;
  return {
    name: replicate ? i18n._(msg`${name} (Copy)`) : name,
    start_date: replicate ? today : (program.start_date ?? ''),
    end_date: replicate ? '' : (program.end_date ?? ''),
    days_of_week: sortWeekdays(program.days_of_week),
    exercises: program.exercises.map((exercise) => ({
      exercise_id: replicate ? null : exercise.id,
      source_exercise_id: replicate ? exercise.id : null,
      ...exerciseContentValues(exercise, 'own'),
    })),
  };
}

/** A new exercise nothing has been put into yet. */
export function isBlankNewExercise(exercise: ExerciseFormValues): boolean {
  return exercise.exercise_id === null && exercise.source_exercise_id === null && isBlankContent(exercise);
}

export interface ProgramSaveBody {
  body: FormData;
  /** For each exercise sent, its index in the form (server field errors name the sent index). */
  sentIndexes: number[];
  /** Whether the body carries files (the form then shows upload progress). */
  hasFiles: boolean;
}

/**
 * The one multipart body of POST /programs/ and PUT /programs/{id}/ (ZProgramFields, `exercises` as a JSON list
 * of ZExerciseInput, files as `exercise_{n}_image` / `exercise_{n}_video`). A draft leaves out new exercises that
 * are still completely empty; a publish sends them so that the server names what is missing.
 */
export function buildProgramSaveBody(input: {
  values: ProgramFormValues;
  clientId: number;
  isDraft: boolean;
  version?: number;
}): ProgramSaveBody {
  const { values, clientId, isDraft, version } = input;
  const body = new FormData();
  body.append('client_id', String(clientId));
  body.append('name', values.name);
  body.append('start_date', values.start_date);
  body.append('end_date', values.end_date);
  body.append('is_draft', String(isDraft));
  for (const day of sortWeekdays(values.days_of_week)) body.append('days_of_week', day);
  if (version !== undefined) body.append('version', String(version));

  const sentIndexes: number[] = [];
  const exercises: TExerciseInput[] = [];
  const files: [string, File][] = [];
  values.exercises.forEach((exercise, formIndex) => {
    if (isDraft && isBlankNewExercise(exercise)) return;
    const n = exercises.length;
    sentIndexes.push(formIndex);
    exercises.push({
      ...(exercise.exercise_id !== null ? { id: exercise.exercise_id } : {}),
      ...contentFields(exercise),
      keep_image: exercise.image.keep,
      keep_video: exercise.video.keep,
      ...(exercise.source_exercise_id !== null ? { source_exercise_id: exercise.source_exercise_id } : {}),
      ...reusedMediaIds(exercise),
    });
    for (const kind of EXERCISE_MEDIA_KINDS) {
      const file = exercise[kind].file;
      if (file) files.push([`exercise_${n}_${kind}`, file]);
    }
  });
  body.append('exercises', JSON.stringify(exercises));
  // Files last: the server reads the fields before it streams the files.
  for (const [field, file] of files) body.append(field, file, file.name);
  return { body, sentIndexes, hasFiles: files.length > 0 };
}
