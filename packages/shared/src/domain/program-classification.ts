/**
 * Active/Past tabs on the client page (docs/product/programs-and-exercises.md#active-and-past), compared by
 * calendar day as yyyy-MM-dd strings.
 */
export type TProgramTab = 'active' | 'past';

export function classifyProgram(
  program: { start_date: string | null; end_date: string | null },
  today: string,
): TProgramTab | null {
  if (!program.start_date) return null;
  if (program.start_date > today) return 'past';
  if (program.end_date && program.end_date < today) return 'past';
  return 'active';
}
