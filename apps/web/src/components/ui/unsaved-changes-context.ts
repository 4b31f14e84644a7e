import { createContext, useContext, useEffect } from 'react';

export interface UnsavedChangesRegistry {
  /** Marks one source (a form) dirty; returns the function that clears it. */
  markDirty: () => () => void;
}

export const UnsavedChangesContext = createContext<UnsavedChangesRegistry | null>(null);

/**
 * Declares that the calling form has unsaved changes while `dirty` is true: leaving the page through a link,
 * the bottom bar or browser history asks first, and closing the tab warns. Unmounting the form clears it.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const registry = useContext(UnsavedChangesContext);
  useEffect(() => {
    if (!dirty || !registry) return;
    return registry.markDirty();
  }, [dirty, registry]);
}
