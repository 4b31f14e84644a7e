/**
 * Exercise names are compared trimmed, whitespace-collapsed and case-insensitive
 * (docs/product/programs-and-exercises.md#checks).
 */
export function normalizeExerciseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Indexes of exercises whose (non-empty) name repeats an earlier one. */
export function duplicateExerciseIndexes(names: readonly string[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  names.forEach((name, index) => {
    const key = normalizeExerciseName(name);
    if (!key) return;
    if (seen.has(key)) duplicates.push(index);
    seen.add(key);
  });
  return duplicates;
}
