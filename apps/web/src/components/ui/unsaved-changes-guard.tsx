import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { UnsavedChangesContext, type UnsavedChangesRegistry } from './unsaved-changes-context';

// The dialog (and react-bootstrap's Modal) loads just after the first paint, long before anyone can be asked.
const UnsavedChangesDialog = lazy(() =>
  import('./unsaved-changes-dialog').then((m) => ({ default: m.UnsavedChangesDialog })),
);

/** Holds which forms are dirty and asks before in-app navigation or unload leaves them. Mount once, in the shell. */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const dirtySources = useRef(new Map<symbol, string | undefined>());
  // The dialog's text: that of the most recently dirtied source, else the default.
  const [message, setMessage] = useState<string | undefined>(undefined);

  const registry = useMemo<UnsavedChangesRegistry>(
    () => ({
      markDirty: (sourceMessage) => {
        const source = Symbol('dirty-form');
        dirtySources.current.set(source, sourceMessage);
        setMessage(sourceMessage);
        return () => {
          dirtySources.current.delete(source);
          // With no dirty source left, keep the text: the dialog may still be fading out after Leave Page.
          if (dirtySources.current.size > 0) setMessage([...dirtySources.current.values()].at(-1));
        };
      },
    }),
    [],
  );

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtySources.current.size > 0 &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirtySources.current.size === 0) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const blocked = blocker.state === 'blocked';
  return (
    <UnsavedChangesContext value={registry}>
      {children}
      <Suspense fallback={null}>
        <UnsavedChangesDialog
          show={blocked}
          message={message}
          onStay={() => blocker.reset?.()}
          onLeave={() => blocker.proceed?.()}
        />
      </Suspense>
    </UnsavedChangesContext>
  );
}
