/** Design 10.6: pain is optional on feedback, 0 (none) to 10 (worst). */
export const PAIN_MAX = 10;

/** The question the feedback form asks, as the design words it. */
export const PAIN_QUESTION = 'How much pain? 0 = none, 10 = worst';

/** "Pain 6 of 10": how the feedback cards, history and the client's session say a reported pain. */
export function painInWords(pain: number): string {
  return `Pain ${pain} of ${PAIN_MAX}`;
}
