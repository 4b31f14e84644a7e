import { Trans, useLingui } from '@lingui/react/macro';
import type { TTemplate } from '@hep/shared/schemas/templates';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { useDeleteTemplate } from '../api/delete-template';

interface DeleteTemplateDialogProps {
  /** Kept while the dialog fades out. */
  template: TTemplate | null;
  show: boolean;
  onHide: () => void;
}

/** Confirms a template's deletion. Programs started from it stay as they are. */
export function DeleteTemplateDialog({ template, show, onHide }: DeleteTemplateDialogProps) {
  const remove = useDeleteTemplate();
  const { t } = useLingui();
  const name = template?.name;
  return (
    <ConfirmDeleteDialog
      show={show}
      id="delete-template-title"
      title={t`Delete Template`}
      pending={remove.isPending}
      error={remove.isError ? t`The template could not be deleted. Please try again.` : null}
      onConfirm={() => {
        if (template) remove.mutate(template.id, { onSuccess: onHide });
      }}
      onHide={onHide}
      onExited={() => remove.reset()}
    >
      <Trans>
        Delete the template <strong>{name}</strong>? Programs started from it will not change.
      </Trans>
    </ConfirmDeleteDialog>
  );
}
