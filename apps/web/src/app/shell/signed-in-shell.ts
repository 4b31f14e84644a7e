import { preloadUnsavedChangesPrompt } from '../../components/ui/unsaved-changes-guard';
import { preloadedLazy } from '../../lib/preloaded-lazy';

// What only a signed-in user's shell shows: the bottom bar, the inactivity timeout, the card shown once it ended the
// session, the unsaved-changes prompt (components/ui/unsaved-changes-guard.tsx), and the staff's tools in the
// header. A signed-out visitor (the login page) never loads them; a signed-in start loads them beside the catalog,
// before the first paint (main.tsx; the staff's tools only for staff), and the login page from the first focus on
// it, before anyone signs in (docs/decisions/032-first-paint-and-after.md). The service worker precaches them
// (vite.config.ts).
const bottomBar = preloadedLazy(() => import('./bottom-bar').then((m) => m.BottomBar));
const sessionTimeout = preloadedLazy(() =>
  import('../../features/session-timeout/components/session-timeout').then((m) => m.SessionTimeout),
);
const staffTools = preloadedLazy(() => import('./staff-tools').then((m) => m.StaffTools));
const sessionExpiredCard = preloadedLazy(() =>
  import('../../features/session-timeout/components/session-expired-card').then((m) => m.SessionExpiredCard),
);

export const BottomBar = bottomBar.Component;
export const SessionTimeout = sessionTimeout.Component;
export const SessionExpiredCard = sessionExpiredCard.Component;
export const StaffTools = staffTools.Component;

/** `staff`: with the staff's tools (unknown on the login page: whoever signs in may be staff). */
export const preloadSignedInShell = ({ staff }: { staff: boolean }): Promise<unknown> =>
  Promise.all([
    bottomBar.preload(),
    sessionTimeout.preload(),
    sessionExpiredCard.preload(),
    preloadUnsavedChangesPrompt(),
    staff ? staffTools.preload() : null,
  ]);
