import type { ChangeEvent } from 'react';
import { revealInView } from '../../../lib/reveal-in-view';

/** A choice moved to with the arrow keys: its whole card (`box`, around the radio) in view, a tap never scrolling. */
export function revealChoice(event: ChangeEvent<HTMLInputElement>, box: string): void {
  revealInView(event.target.closest(box));
}
