import { z } from 'zod';
import { type CheckedProgram, programProblems } from '@hep/shared/domain/program-checks';
import { sortWeekdays } from '@hep/shared/domain/weekdays';
import { MESSAGES } from '@hep/shared/messages';
import { ZExerciseInput, ZProgramFields, type TProgramFields } from '@hep/shared/schemas/programs';
import { ZId } from '@hep/shared/schemas/common';
import { badRequest } from '../../lib/app-error';
import type { StoredUpload } from '../media/media-upload';

// Turning a save request (multipart fields or JSON) into checked values. Pure: no database, no HTTP.

/** A file part already streamed into the media store, by its multipart field name. */
export interface ReceivedFile {
  field: string;
  upload: StoredUpload;
}

/** A save request as the routes read it: fields (strings, or JSON values) and the files it carried. */
export interface ReceivedForm {
  fields: Record<string, unknown>;
  files: ReceivedFile[];
}

/** One exercise of the list a save leaves the program with (see ZExerciseInput). */
export interface ExerciseDraft {
  id?: number;
  name: string;
  instructions: string;
  keepImage: boolean;
  keepVideo: boolean;
  sourceExerciseId: number | null;
  image?: StoredUpload;
  video?: StoredUpload;
}

export const MAX_EXERCISES = 100;
const UNREADABLE_LIST = 'The exercise list could not be read.';
const STRAY_FILE = 'A file was sent for an exercise that is not in the list.';

/** Zod issues as the API's `fields` map (first message per field, keys like `exercises.0.name`). */
export function fieldsOf(error: z.ZodError, prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = prefix + (issue.path.length ? issue.path.join('.') : 'body');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A 400 whose message is the first field's message, as the error handler does for schema errors. */
export function invalid(fields: Record<string, string>) {
  return badRequest(Object.values(fields)[0] ?? MESSAGES.completeRequiredFields, fields);
}

const single = (value: unknown): unknown => (Array.isArray(value) ? value[value.length - 1] : value);
const isBlank = (value: unknown) => value === undefined || value === null || value === '';

function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** days_of_week: one repeated field per day, or one JSON array string (design section 3). */
function daysOf(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 1 && typeof list[0] === 'string' && list[0].trim().startsWith('[')) {
    return parseJsonText(list[0]) ?? list;
  }
  return list;
}

/** Reads a required id field; adds "This field is required." or the schema's message to `fields`. */
export function readId(raw: unknown, key: string, fields: Record<string, string>): number | undefined {
  const value = single(raw);
  if (isBlank(value)) {
    fields[key] = MESSAGES.required;
    return undefined;
  }
  const parsed = ZId.safeParse(value);
  if (!parsed.success) fields[key] = 'Enter a valid id.';
  return parsed.success ? parsed.data : undefined;
}

/** The `exercises` field: absent means "leave the exercises as they are"; present, the whole new list. */
export function readExerciseList(raw: unknown, fields: Record<string, string>): ExerciseDraft[] | undefined {
  if (raw === undefined) return undefined;
  // Multipart: JSON text (the last one if repeated); a JSON body: the list itself.
  const repeatedText = Array.isArray(raw) && raw.length > 0 && raw.every((v) => typeof v === 'string');
  const list = parseJsonText(repeatedText || !Array.isArray(raw) ? single(raw) : raw);
  const parsed = z.array(ZExerciseInput).max(MAX_EXERCISES, 'Too many exercises.').safeParse(list);
  if (!parsed.success) {
    Object.assign(
      fields,
      Array.isArray(list) ? fieldsOf(parsed.error, 'exercises.') : { exercises: UNREADABLE_LIST },
    );
    return undefined;
  }
  const seen = new Set<number>();
  return parsed.data.map((e, index) => {
    if (e.id !== undefined) {
      if (seen.has(e.id)) fields[`exercises.${index}`] = 'This exercise is listed twice.';
      seen.add(e.id);
    }
    return {
      ...(e.id !== undefined ? { id: e.id } : {}),
      name: e.name.trim(),
      instructions: e.instructions.trim(),
      keepImage: e.keep_image,
      keepVideo: e.keep_video,
      sourceExerciseId: e.source_exercise_id ?? null,
    };
  });
}

export interface ProgramInput {
  /** Absent on PUT when the form leaves it out (the client of a program never changes). */
  clientId: number | undefined;
  version: number | undefined;
  values: Omit<TProgramFields, 'client_id' | 'version'>;
  /** Undefined when the request carried no `exercises` field. */
  exercises: ExerciseDraft[] | undefined;
}

/** The fields of POST /programs/ (`create`) or PUT /programs/{id}/ (`update`: `version` required). */
export function readProgramInput(form: ReceivedForm, mode: 'create' | 'update'): ProgramInput {
  const f = form.fields;
  const fields: Record<string, string> = {};
  const clientId =
    mode === 'create' || !isBlank(single(f.client_id)) ? readId(f.client_id, 'client_id', fields) : undefined;
  const version = mode === 'update' ? readId(f.version, 'version', fields) : undefined;
  const parsed = ZProgramFields.omit({ client_id: true, version: true }).safeParse({
    name: single(f.name) ?? undefined,
    start_date: single(f.start_date) ?? undefined,
    end_date: single(f.end_date) ?? undefined,
    is_draft: single(f.is_draft) ?? undefined,
    days_of_week: daysOf(f.days_of_week),
  });
  if (!parsed.success) Object.assign(fields, fieldsOf(parsed.error));
  const exercises = readExerciseList(f.exercises, fields);
  if (exercises) attachFiles(exercises, form.files, fields);
  else if (form.files.length) fields.exercises ??= STRAY_FILE;
  if (Object.keys(fields).length || !parsed.success) throw invalid(fields);
  const values = { ...parsed.data, days_of_week: sortWeekdays(parsed.data.days_of_week) };
  return { clientId, version, values, exercises };
}

const FILE_FIELD = /^exercise_(\d+)_(image|video)$/;

/** Multipart parts `exercise_{n}_image` / `exercise_{n}_video`, n being the index in the exercise list. */
export function attachFiles(drafts: ExerciseDraft[], files: ReceivedFile[], fields: Record<string, string>) {
  for (const file of files) {
    const match = FILE_FIELD.exec(file.field);
    const draft = match ? drafts[Number(match[1])] : undefined;
    if (!match || !draft) {
      fields[file.field] = STRAY_FILE;
      continue;
    }
    draft[match[2] as 'image' | 'video'] = file.upload;
  }
}

/** Every check of a program save (spec section 5), keys as the form names its fields. */
export function checkProgram(values: ProgramInput['values'], exercises: CheckedProgram['exercises']) {
  return programProblems({ ...values, exercises }, !values.is_draft);
}
