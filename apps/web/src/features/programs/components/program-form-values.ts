import type { TWeekday } from '@hep/shared/domain/constants';
import { sortWeekdays } from '@hep/shared/domain/weekdays';
import type { TDosage } from '@hep/shared/schemas/dosage';
import type { TExerciseInput, TProgram } from '@hep/shared/schemas/programs';
import { blankDosage, type DosageFormValues, dosageFromForm, dosageToForm } from '../../../lib/dosage-form';

export type ProgramFormMode = 'create' | 'edit' | 'replicate';

export interface ExerciseFormValues {
  /** The exercise being edited (edit mode), else null. */
  exercise_id: number | null;
  /** The exercise being copied (replicate mode), else null. */
  source_exercise_id: number | null;
  name: string;
  instructions: string;
  /** A newly chosen file (already checked), replacing the current media. */
  image: File | null;
  video: File | null;
  /** The current media of the exercise (or of its source), for the preview. */
  existing_image_url: string | null;
  existing_video_url: string | null;
  keep_image: boolean;
  keep_video: boolean;
  /**
   * Media reused by reference (design 10.1): a library item's or template's, or the program's own. Sent when no new
   * file replaces it; `existing_*_url` shows it.
   */
  image_media_id: number | null;
  video_media_id: number | null;
  /** Dosage (design 10.2) as the inputs hold it: '' when not given. */
  dosage: DosageFormValues;
}

/**
 * Something to start an exercise from, by reference (a library item, a template's exercise, another program's
 * exercise): its text, media ids (with URLs for the preview) and dosage.
 */
export interface ExerciseSource extends Partial<TDosage> {
  name: string;
  instructions: string;
  image_media_id: number | null;
  video_media_id: number | null;
  image_url: string | null;
  video_url: string | null;
}

/** A new exercise of the form that reuses `source`'s text, media and dosage (still editable). */
export function exerciseFromSource(source: ExerciseSource): ExerciseFormValues {
  return {
    ...blankExercise(),
    name: source.name,
    instructions: source.instructions,
    image_media_id: source.image_url ? source.image_media_id : null,
    video_media_id: source.video_url ? source.video_media_id : null,
    existing_image_url: source.image_url,
    existing_video_url: source.video_url,
    dosage: dosageToForm(source),
  };
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
  return {
    exercise_id: null,
    source_exercise_id: null,
    name: '',
    instructions: '',
    image: null,
    video: null,
    existing_image_url: null,
    existing_video_url: null,
    keep_image: true,
    keep_video: true,
    image_media_id: null,
    video_media_id: null,
    dosage: blankDosage(),
  };
}

/** Create: starts today, with one empty exercise to fill in. */
export function emptyProgramValues(today: string): ProgramFormValues {
  return { name: '', start_date: today, end_date: '', days_of_week: [], exercises: [blankExercise()] };
}

/**
 * Edit: the program as saved. Replicate (spec section 5): the name gets " (Copy)", it starts today with no end
 * date, and each exercise points at its source so that the server copies the media it keeps.
 */
export function programToFormValues(
  program: TProgram,
  mode: Exclude<ProgramFormMode, 'create'>,
  today: string,
): ProgramFormValues {
  const replicate = mode === 'replicate';
  return {
    name: replicate ? `${program.name} (Copy)` : program.name,
    start_date: replicate ? today : (program.start_date ?? ''),
    end_date: replicate ? '' : (program.end_date ?? ''),
    days_of_week: sortWeekdays(program.days_of_week),
    exercises: program.exercises.map((exercise) => ({
      ...blankExercise(),
      exercise_id: replicate ? null : exercise.id,
      source_exercise_id: replicate ? exercise.id : null,
      name: exercise.name,
      instructions: exercise.instructions,
      existing_image_url: exercise.image_url,
      existing_video_url: exercise.video_url,
      dosage: dosageToForm(exercise),
    })),
  };
}

/** A new exercise nothing has been put into yet. */
export function isBlankNewExercise(exercise: ExerciseFormValues): boolean {
  return (
    exercise.exercise_id === null &&
    exercise.source_exercise_id === null &&
    exercise.image_media_id === null &&
    exercise.video_media_id === null &&
    !exercise.name.trim() &&
    !exercise.instructions.trim() &&
    !exercise.image &&
    !exercise.video
  );
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
      name: exercise.name,
      instructions: exercise.instructions,
      keep_image: exercise.keep_image,
      keep_video: exercise.keep_video,
      ...(exercise.source_exercise_id !== null ? { source_exercise_id: exercise.source_exercise_id } : {}),
      ...(exercise.image_media_id !== null && !exercise.image && exercise.keep_image
        ? { image_media_id: exercise.image_media_id }
        : {}),
      ...(exercise.video_media_id !== null && !exercise.video && exercise.keep_video
        ? { video_media_id: exercise.video_media_id }
        : {}),
      ...dosageFromForm(exercise.dosage),
    });
    if (exercise.image) files.push([`exercise_${n}_image`, exercise.image]);
    if (exercise.video) files.push([`exercise_${n}_video`, exercise.video]);
  });
  body.append('exercises', JSON.stringify(exercises));
  // Files last: the server reads the fields before it streams the files.
  for (const [field, file] of files) body.append(field, file, file.name);
  return { body, sentIndexes, hasFiles: files.length > 0 };
}
