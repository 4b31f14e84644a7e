import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '@hep/shared/limits';
import type { TFormResult } from '../components/ui/form-result';

/**
 * Once a save succeeded (`path` set), shows its message for 1.5 s, then goes to `path`
 * (docs/product/programs-and-exercises.md#publish-and-draft).
 */
export function useNavigateAfterSave(path: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (path === null) return;
    const timer = setTimeout(() => void navigate(path), LIMITS.redirectAfterSaveMs);
    return () => clearTimeout(timer);
  }, [path, navigate]);
}

/** An edit form's result line: once it is a success (`saved`), the form goes to `path` after the message shows. */
export function useSaveResult(path: string) {
  const [notice, setNotice] = useState<TFormResult | null>(null);
  const saved = notice?.kind === 'success';
  useNavigateAfterSave(saved ? path : null);
  return { notice, setNotice, saved };
}
