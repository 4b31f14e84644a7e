/** Pain is optional on feedback, 0 (none) to 10 (worst): docs/product/feedback-and-progress.md#pain. */
export const PAIN_MAX = 10;

/** The question the feedback form asks, as docs/product/feedback-and-progress.md#pain words it. */
export const PAIN_QUESTION = 'How much pain? 0 = none, 10 = worst';

/** "Pain 6 of 10": how the feedback cards, history and the client's session say a reported pain. */
export function painInWords(pain: number): string {
  return `Pain ${pain} of ${PAIN_MAX}`;
}
