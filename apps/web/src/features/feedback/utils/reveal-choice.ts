import type { ChangeEvent } from 'react';

/**
 * A choice moved to with the arrow keys may sit under the bottom bar: bring its whole box into view (WCAG 2.4.12).
 * The page's scroll padding (the bar's height) keeps it clear of the bar; a box already in view stays where it is,
 * so that a tap never scrolls.
 */
export function revealChoice(event: ChangeEvent<HTMLInputElement>, box: string): void {
  event.target.closest(box)?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
}
