import type { TWeekday } from '@hep/shared/domain/constants';
import { sortWeekdays } from '@hep/shared/domain/weekdays';
import type { TSaveTemplate, TTemplate } from '@hep/shared/schemas/templates';
import {
  blankExerciseContent,
  contentFields,
  type ExerciseContentValues,
  exerciseContentValues,
  reusedMediaId,
} from '../../../lib/exercise-content';

/**
 * A template exercise as the form holds it: the exercise content (lib/exercise-content), its files always kept by
 * reference (a template stores no uploads).
 */
export type TemplateExerciseValues = ExerciseContentValues;

export interface TemplateFormValues {
  name: string;
  days_of_week: TWeekday[];
  /** '' for no end date. */
  weeks: string;
  exercises: TemplateExerciseValues[];
}

const text = (n: number | null) => (n === null ? '' : String(n));

export function blankTemplateExercise(): TemplateExerciseValues {
  return blankExerciseContent();
}

/** The saved template in the edit form, exercises in their order. */
export function templateToFormValues(template: TTemplate): TemplateFormValues {
  return {
    name: template.name,
    days_of_week: sortWeekdays(template.days_of_week),
    weeks: text(template.weeks),
    exercises: [...template.exercises]
      .sort((a, b) => a.position - b.position)
      .map((exercise) => exerciseContentValues(exercise, 'reuse')),
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
      ...contentFields(exercise),
      image_media_id: reusedMediaId(exercise.image),
      video_media_id: reusedMediaId(exercise.video),
    })),
  };
}
