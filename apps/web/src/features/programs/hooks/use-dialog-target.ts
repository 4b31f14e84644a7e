import { useCallback, useState } from 'react';

/**
 * What a dialog is about and whether it is open. Hiding keeps the target, so the dialog's text stays in place
 * while it fades out.
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ target: T | null; open: boolean }>({ target: null, open: false });
  const show = useCallback((target: T) => setState({ target, open: true }), []);
  const hide = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  return { target: state.target, open: state.open, show, hide };
}
