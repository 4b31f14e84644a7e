import { useEffect } from 'react';
import { LIMITS } from '@hep/shared/limits';

/** Spec section 4, Add therapist: the success message shows for 2 s, then the dialog closes. */
export function useCloseAfterSuccess(succeeded: boolean, close: () => void): void {
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(close, LIMITS.addTherapistCloseMs);
    return () => clearTimeout(timer);
  }, [succeeded, close]);
}
