import { type CheckedProgram, programProblems } from '@hep/shared/domain/program-checks';
import { sortWeekdays } from '@hep/shared/domain/weekdays';
import { type TProgramFields, ZProgramFields, ZUpdateProgramFields } from '@hep/shared/schemas/programs';
import { checkFields, invalid } from '../../lib/field-errors';
import { formValues } from '../../lib/form-fields';
import type { ReceivedForm } from '../../lib/multipart-form';
import type { StoredUpload } from '../media/media.service';
import { draftsWithFiles, type ExerciseDraft } from './exercise-drafts';

// A program save (multipart fields or JSON) checked against the shared schema at the edge. Pure: no database.

/** How the save forms send their fields (ZProgramFields): days as a list, the exercise list as JSON text. */
export const PROGRAM_FORM = { lists: ['days_of_week'], json: ['exercises'] } as const;

export interface ProgramInput {
  /** Absent on PUT when the form leaves it out (the client of a program never changes). */
  clientId: number | undefined;
  version: number | undefined;
  values: Omit<TProgramFields, 'client_id' | 'exercises'>;
  /** Undefined when the request carried no `exercises` field. */
  exercises: ExerciseDraft[] | undefined;
  /** Every file the request stored: removed again if the save fails. */
  uploads: StoredUpload[];
}

/** The fields of POST /programs/ (`create`) or PUT /programs/{id}/ (`update`: `version` required). */
export function readProgramInput(form: ReceivedForm<StoredUpload>, mode: 'create' | 'update'): ProgramInput {
  const values = formValues(form.fields, PROGRAM_FORM);
  const checked = checkFields(mode === 'create' ? ZProgramFields : ZUpdateProgramFields, values);
  const fields = checked.success ? {} : { ...checked.fields };
  const exercises = draftsWithFiles(values.exercises, form.files, fields);
  if (!checked.success || Object.keys(fields).length) throw invalid(fields);
  const { client_id: clientId, exercises: _list, ...rest } = checked.data;
  return {
    clientId,
    version: 'version' in checked.data ? checked.data.version : undefined,
    values: { ...rest, days_of_week: sortWeekdays(rest.days_of_week) },
    exercises,
    uploads: form.files.map((f) => f.upload),
  };
}

/**
 * Every check of a program save (docs/product/programs-and-exercises.md#checks), keys as the form names its fields.
 */
export function checkProgram(values: ProgramInput['values'], exercises: CheckedProgram['exercises']) {
  return programProblems({ ...values, exercises }, !values.is_draft);
}
