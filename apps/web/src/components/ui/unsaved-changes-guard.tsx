import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { preloadedLazy } from '../../lib/preloaded-lazy';
import { UnsavedChangesContext, type UnsavedChangesRegistry } from './unsaved-changes-context';

// The asking (the router's blocker, the unload warning, the dialog) is a chunk of its own: only a signed-in user has
// forms that mark themselves dirty, so the login page never loads it; the signed-in shell preloads it
// (app/shell/signed-in-shell.ts; docs/decisions/032-first-paint-and-after.md).
const prompt = preloadedLazy(() => import('./unsaved-changes-prompt').then((m) => m.UnsavedChangesPrompt));
const UnsavedChangesPrompt = prompt.Component;
export const preloadUnsavedChangesPrompt = prompt.preload;

/**
 * Holds which forms are dirty and asks before in-app navigation or unload leaves them. Mount once, in the shell;
 * `active` while someone is signed in (or once a form has been dirty).
 */
export function UnsavedChangesGuard({ children, active }: { children: ReactNode; active: boolean }) {
  const dirtySources = useRef(new Map<symbol, string | undefined>());
  // The dialog's text: that of the most recently dirtied source, else the default.
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [anyDirty, setAnyDirty] = useState(false);

  const registry = useMemo<UnsavedChangesRegistry>(
    () => ({
      markDirty: (sourceMessage) => {
        const source = Symbol('dirty-form');
        dirtySources.current.set(source, sourceMessage);
        setMessage(sourceMessage);
        setAnyDirty(true);
        return () => {
          dirtySources.current.delete(source);
          // With no dirty source left, keep the text: the dialog may still be fading out after Leave Page.
          if (dirtySources.current.size > 0) setMessage([...dirtySources.current.values()].at(-1));
        };
      },
    }),
    [],
  );

  const isDirty = useCallback(() => dirtySources.current.size > 0, []);

  return (
    <UnsavedChangesContext value={registry}>
      {children}
      {active || anyDirty ? (
        <UnsavedChangesPrompt isDirty={isDirty} message={message} anyDirty={anyDirty} />
      ) : null}
    </UnsavedChangesContext>
  );
}
