import { useCallback, useMemo, useState } from 'react';
import type { TProgram } from '@hep/shared/schemas/programs';
import { CopyToClientDialog } from './copy-to-client-dialog';
import { SaveAsTemplateDialog } from './save-as-template-dialog';

type Dialog = 'save-template' | 'copy';

/** The program menu's template actions, for a page to hand to the menu. */
export interface TProgramShareActions {
  onSaveAsTemplate: (program: TProgram) => void;
  onCopyToClient: (program: TProgram) => void;
}

/**
 * Save as template and Copy to another client for the page that shows a program's menu: the callbacks the menu
 * calls, and the two dialogs to render once on the page. Hiding keeps the program, so a closing dialog keeps its text.
 */
export function useProgramShareDialogs() {
  const [state, setState] = useState<{ program: TProgram | null; open: Dialog | null }>({
    program: null,
    open: null,
  });
  const hide = useCallback(() => setState((current) => ({ ...current, open: null })), []);
  const actions = useMemo<TProgramShareActions>(
    () => ({
      onSaveAsTemplate: (program) => setState({ program, open: 'save-template' }),
      onCopyToClient: (program) => setState({ program, open: 'copy' }),
    }),
    [],
  );
  const dialogs = (
    <>
      <SaveAsTemplateDialog program={state.program} show={state.open === 'save-template'} onHide={hide} />
      <CopyToClientDialog program={state.program} show={state.open === 'copy'} onHide={hide} />
    </>
  );
  return { actions, dialogs };
}
