import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '@hep/shared/limits';

/** Once a save succeeded (`path` set), shows its message for 1.5 s, then goes to `path` (spec section 9). */
export function useNavigateAfterSave(path: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (path === null) return;
    const timer = setTimeout(() => void navigate(path), LIMITS.redirectAfterSaveMs);
    return () => clearTimeout(timer);
  }, [path, navigate]);
}
