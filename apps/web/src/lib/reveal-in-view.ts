/**
 * Brings an element's whole box into view, clear of the bottom bar (the page's scroll padding is the bar's height:
 * WCAG 2.4.11 and 2.4.12, docs/product/session.md#accessibility); one already in view stays where it is. For what
 * the browser reveals only in part: a radio card (its input is a dot in a corner), a text box (only its caret).
 */
export function revealInView(element: Element | null): void {
  element?.scrollIntoView({ block: 'nearest', behavior: 'instant' });
}
