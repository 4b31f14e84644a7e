import { MESSAGES } from '@hep/shared/messages';
import type { TProgram } from '@hep/shared/schemas/programs';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { useDeleteProgram } from '../api/delete-program';

interface DeleteProgramDialogProps {
  /** The program the dialog is about; kept while the dialog closes. */
  program: TProgram | null;
  show: boolean;
  onHide: () => void;
  /** After the deletion; the dialog hides itself first. */
  onDeleted?: (program: TProgram) => void;
}

/**
 * Confirms a program's deletion (its exercises and feedback go with it): the one Delete Program dialog, opened from
 * the client page's card menu and from the program view. While the call runs it cannot be closed.
 */
export function DeleteProgramDialog({ program, show, onHide, onDeleted }: DeleteProgramDialogProps) {
  const remove = useDeleteProgram();
  const confirm = () => {
    if (!program) return;
    remove.mutate(program.id, {
      onSuccess: () => {
        onHide();
        onDeleted?.(program);
      },
    });
  };
  return (
    <ConfirmDeleteDialog
      show={show}
      id="delete-program-title"
      title="Delete Program"
      pending={remove.isPending}
      error={remove.isError ? MESSAGES.programDeleteFailed : null}
      onConfirm={confirm}
      onHide={onHide}
      onExited={() => remove.reset()}
    >
      {program ? MESSAGES.deleteProgramConfirm(program.name) : null}
    </ConfirmDeleteDialog>
  );
}
