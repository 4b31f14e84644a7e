import { dosageInWords } from '@hep/shared/domain/dosage';
import { MESSAGES } from '@hep/shared/messages';
import type { TProgram } from '@hep/shared/schemas/programs';

/**
 * The View Summary text: the title, then numbered exercises with their dosage in words and instructions (or the
 * empty text).
 */
export function programSummaryText(program: Pick<TProgram, 'name' | 'exercises'>): string {
  const exercises = [...program.exercises].sort((a, b) => a.position - b.position);
  if (exercises.length === 0) return `${program.name}\n\n${MESSAGES.noExercisesInProgram}`;
  const items = exercises.map((exercise, index) => {
    const lines = [`${index + 1}. ${exercise.name}`, dosageInWords(exercise), exercise.instructions.trim()];
    return lines.filter(Boolean).join('\n');
  });
  return `${program.name}\n\n${items.join('\n\n')}`;
}
