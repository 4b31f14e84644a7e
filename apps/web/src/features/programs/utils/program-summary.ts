import { dosageInWords } from '@hep/shared/domain/dosage';
import { translateText } from '../../../lib/i18n/translated-resolver';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TProgram } from '@hep/shared/schemas/programs';

const NO_EXERCISES = msg`No exercises added to this program`;

/**
 * The View Summary text: the title, then numbered exercises with their dosage in words and instructions (or the
 * empty text).
 */
export function programSummaryText(program: Pick<TProgram, 'name' | 'exercises'>): string {
  const exercises = [...program.exercises].sort((a, b) => a.position - b.position);
  if (exercises.length === 0) return `${program.name}\n\n${i18n._(NO_EXERCISES)}`;
  const items = exercises.map((exercise, index) => {
    const lines = [
      `${index + 1}. ${exercise.name}`,
      dosageInWords(exercise, translateText),
      exercise.instructions.trim(),
    ];
    return lines.filter(Boolean).join('\n');
  });
  return `${program.name}\n\n${items.join('\n\n')}`;
}
