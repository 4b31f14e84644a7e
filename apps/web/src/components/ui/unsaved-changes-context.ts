import { createContext, useContext, useEffect } from 'react';

export interface UnsavedChangesRegistry {
  /** Marks one source (a form) dirty, optionally with the dialog's text for it; returns the function that clears it. */
  markDirty: (message?: string) => () => void;
}

export const UnsavedChangesContext = createContext<UnsavedChangesRegistry | null>(null);

/**
 * Declares that the calling form has unsaved changes while `dirty` is true: leaving the page through a link,
 * the bottom bar or browser history asks first, and closing the tab warns. Unmounting the form clears it.
 * `message` replaces the dialog's default text (the program form has its own: docs/product/accounts.md#shell).
 */
export function useUnsavedChanges(dirty: boolean, message?: string): void {
  const registry = useContext(UnsavedChangesContext);
  useEffect(() => {
    if (!dirty || !registry) return;
    return registry.markDirty(message);
  }, [dirty, registry, message]);
}
