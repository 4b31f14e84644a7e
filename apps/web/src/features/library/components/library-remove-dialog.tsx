import { useLingui } from '@lingui/react/macro';
import type { TLibraryExercise } from '@hep/shared/schemas/library';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteLibraryExercise } from '../api/delete-library-exercise';

interface LibraryRemoveDialogProps {
  show: boolean;
  /** Kept while the dialog closes, so its text does not go blank as it fades. */
  item: TLibraryExercise | null;
  onClose: () => void;
  onRemoved: (message: string) => void;
}

/** Remove a clinic's library exercise, after asking. Programs that use it keep their own copy. */
export function LibraryRemoveDialog({ show, item, onClose, onRemoved }: LibraryRemoveDialogProps) {
  const remove = useDeleteLibraryExercise();
  const { t } = useLingui();
  const name = item?.name ?? '';
  const confirm = () => {
    if (!item) return;
    remove.mutate(item.id, {
      onSuccess: () => onRemoved(t`${name} was removed from your library.`),
    });
  };
  return (
    <ConfirmDeleteDialog
      show={show}
      id="library-remove-title"
      title={t`Remove exercise`}
      action="Remove"
      pending={remove.isPending}
      error={
        remove.isError
          ? errorMessage(remove.error, t`The exercise could not be removed. Please try again.`)
          : null
      }
      onConfirm={confirm}
      onHide={onClose}
      onExited={() => remove.reset()}
    >
      {t`Remove "${name}" from your library? Programs that use it keep it.`}
    </ConfirmDeleteDialog>
  );
}
