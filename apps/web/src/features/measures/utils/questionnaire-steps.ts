import type { TInstrumentView } from '@hep/shared/schemas/measures';

/** One screen of a questionnaire: naming the activities (PSFS), or one question. */
export type TQuestionnaireStep =
  { kind: 'activities' } | { kind: 'question'; id: string; text: string; scale: string };

/**
 * The screens of a questionnaire, in order: a PSFS first names its activities, then asks the same question of each
 * one named; any other instrument asks its items.
 */
export function questionnaireSteps(instrument: TInstrumentView, activities: string[]): TQuestionnaireStep[] {
  const rule = instrument.activities;
  if (!rule)
    return instrument.items.map((item) => ({
      kind: 'question',
      id: item.id,
      text: item.text,
      scale: item.scale,
    }));
  return [
    { kind: 'activities' },
    ...activities.map((name, index) => ({
      kind: 'question' as const,
      id: `activity_${index + 1}`,
      text: `${name}: ${rule.prompt}`,
      scale: rule.scale,
    })),
  ];
}

/** The activities named, trimmed, blanks left out. */
export const namedActivities = (typed: string[]) => typed.map((a) => a.trim()).filter((a) => a.length > 0);

/** The step a server's field error points at (`answers.<id>`, `activities`), or null. */
export function stepOfField(steps: TQuestionnaireStep[], field: string): number | null {
  const index =
    field === 'activities'
      ? steps.findIndex((s) => s.kind === 'activities')
      : steps.findIndex((s) => s.kind === 'question' && `answers.${s.id}` === field);
  return index >= 0 ? index : null;
}
