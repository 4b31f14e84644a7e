/** "40 exercises", "1 exercise", for counts a screen reader hears too. */
export function exerciseCount(count: number): string {
  return `${count} ${count === 1 ? 'exercise' : 'exercises'}`;
}

/** What a finished search says, e.g. "Showing 25 of 40 exercises." or "No exercises match. Try other words.". */
export function resultsText(shown: number, count: number, filtered: boolean): string {
  if (count === 0)
    return filtered ? 'No exercises match. Try other words or fewer tags.' : 'The library is empty.';
  if (shown >= count) return `${exerciseCount(count)}.`;
  return `Showing ${shown} of ${exerciseCount(count)}.`;
}
