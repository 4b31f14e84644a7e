import type { TWeekday } from '@hep/shared/domain/constants';
import { sortWeekdays } from '@hep/shared/domain/weekdays';
import type { TSaveTemplate, TTemplate, TTemplateExercise } from '@hep/shared/schemas/templates';
import { blankDosage, type DosageFormValues, dosageFromForm, dosageToForm } from '../../../lib/dosage-form';

/** A template exercise as the inputs hold it: dosage as text ('' = not given), media kept by id. */
export type TemplateExerciseValues = DosageFormValues & {
  name: string;
  instructions: string;
  image_media_id: number | null;
  video_media_id: number | null;
  /** For the thumbnail only; never sent. */
  image_url: string | null;
};

export interface TemplateFormValues {
  name: string;
  days_of_week: TWeekday[];
  /** '' for no end date. */
  weeks: string;
  exercises: TemplateExerciseValues[];
}

const text = (n: number | null) => (n === null ? '' : String(n));

function exerciseValues(exercise: TTemplateExercise): TemplateExerciseValues {
  return {
    name: exercise.name,
    instructions: exercise.instructions,
    ...dosageToForm(exercise),
    image_media_id: exercise.image_media_id,
    video_media_id: exercise.video_media_id,
    image_url: exercise.image_url,
  };
}

export function blankTemplateExercise(): TemplateExerciseValues {
  return {
    name: '',
    instructions: '',
    ...blankDosage(),
    image_media_id: null,
    video_media_id: null,
    image_url: null,
  };
}

/** The saved template in the edit form, exercises in their order. */
export function templateToFormValues(template: TTemplate): TemplateFormValues {
  return {
    name: template.name,
    days_of_week: sortWeekdays(template.days_of_week),
    weeks: text(template.weeks),
    exercises: [...template.exercises].sort((a, b) => a.position - b.position).map(exerciseValues),
  };
}

/**
 * The PUT body (ZSaveTemplate): the list in the form's order is the new order, blank dosage means "not given", and
 * the media ids go back unchanged so the files are kept by reference.
 */
export function templateSaveBody(values: TemplateFormValues): TSaveTemplate {
  return {
    name: values.name,
    days_of_week: sortWeekdays(values.days_of_week),
    weeks: values.weeks.trim() === '' ? null : values.weeks.trim(),
    exercises: values.exercises.map((exercise) => ({
      name: exercise.name,
      instructions: exercise.instructions,
      image_media_id: exercise.image_media_id,
      video_media_id: exercise.video_media_id,
      ...dosageFromForm(exercise),
    })),
  };
}
