import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

// The dialog (and react-bootstrap's Modal) loads once a form is first dirty, long before anyone can be asked; a page
// without a dirty form never loads it (docs/decisions/032-first-paint-and-after.md). The service worker precaches it
// for offline use (vite.config.ts).
const UnsavedChangesDialog = lazy(() =>
  import('./unsaved-changes-dialog').then((m) => ({ default: m.UnsavedChangesDialog })),
);

interface UnsavedChangesPromptProps {
  /** Whether a form is dirty now (UnsavedChangesGuard's). */
  isDirty: () => boolean;
  message: string | undefined;
  /** Whether any form has been dirty yet: only then is the dialog loaded. */
  anyDirty: boolean;
}

/** UnsavedChangesGuard's asking: before in-app navigation (the router's blocker) and before unload. */
export function UnsavedChangesPrompt({ isDirty, message, anyDirty }: UnsavedChangesPromptProps) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      isDirty() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [isDirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const blocked = blocker.state === 'blocked';
  return anyDirty || blocked ? (
    <Suspense fallback={null}>
      <UnsavedChangesDialog
        show={blocked}
        message={message}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
    </Suspense>
  ) : null;
}
