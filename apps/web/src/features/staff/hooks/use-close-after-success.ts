import { useEffect } from 'react';
import { LIMITS } from '@hep/shared/limits';

/**
 * Add therapist (docs/product/staff.md#add-therapists): the success message shows for 2 s, then the dialog closes.
 */
export function useCloseAfterSuccess(succeeded: boolean, close: () => void): void {
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(close, LIMITS.addTherapistCloseMs);
    return () => clearTimeout(timer);
  }, [succeeded, close]);
}
