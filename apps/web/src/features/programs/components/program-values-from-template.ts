import { sortWeekdays } from '@hep/shared/domain/weekdays';
import { endDateAfterWeeks } from '@hep/shared/domain/program-weeks';
import type { TTemplate } from '@hep/shared/schemas/templates';
import { exerciseFromSource, type ProgramFormValues } from './program-form-values';

/**
 * Start from template (docs/product/library-and-templates.md#templates): the template's name, days and every exercise
 * by reference (its media ids and dosage), starting `today`; a template with `weeks` runs that many whole weeks (the
 * last day included, the inverse of how Save as template counts a program's weeks), one without has no end date.
 */
export function programValuesFromTemplate(
  template: Pick<TTemplate, 'name' | 'days_of_week' | 'weeks' | 'exercises'>,
  today: string,
): ProgramFormValues {
  return {
    name: template.name,
    start_date: today,
    end_date: template.weeks ? endDateAfterWeeks(today, template.weeks) : '',
    days_of_week: sortWeekdays(template.days_of_week),
    exercises: [...template.exercises]
      .sort((a, b) => a.position - b.position)
      .map((exercise) => exerciseFromSource(exercise)),
  };
}
