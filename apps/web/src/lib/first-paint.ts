import { getSession } from './session';

/** A hidden tab paints nothing (and runs no animation frame): past this, the page's code loads anyway. */
const HIDDEN_TAB_MS = 500;

let markPainted: () => void = () => undefined;
const painted = new Promise<void>((resolve) => (markPainted = resolve));

/**
 * Called once the shell's first render is committed (app/providers.tsx): the frame it drew is on the screen after
 * the next animation frame, and the task after that runs once it is.
 */
export function noteFirstRender(): void {
  requestAnimationFrame(() => setTimeout(markPainted, 0));
  setTimeout(markPainted, HIDDEN_TAB_MS);
}

/**
 * What a page's route waits for before it loads its code. A start with a stored user paints the shell and
 * "Loading..." until the session check is done, whatever the page (the access guard, the login page that sends a
 * signed-in user on): no page's code is needed for that paint, so it loads after it, while the check runs, instead
 * of sharing a phone's network with what the paint needs (docs/decisions/032-first-paint-and-after.md). Resolves at
 * once otherwise.
 */
export function pageCodeDue(): Promise<void> {
  return getSession().status === 'loading' ? painted : Promise.resolve();
}
