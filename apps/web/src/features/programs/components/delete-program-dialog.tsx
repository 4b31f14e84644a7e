import { useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const name = program?.name ?? '';
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
      title={t`Delete Program`}
      pending={remove.isPending}
      error={remove.isError ? t`Error deleting program. Please try again later.` : null}
      onConfirm={confirm}
      onHide={onHide}
      onExited={() => remove.reset()}
    >
      {program
        ? t`Are you sure you want to delete ${name}? This action will also delete the exercises and feedback in the program, and cannot be undone.`
        : null}
    </ConfirmDeleteDialog>
  );
}
