import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Trash } from 'react-bootstrap-icons';
import type { TTemplate } from '@hep/shared/schemas/templates';
import { useDeleteTemplate } from '../api/delete-template';

interface DeleteTemplateDialogProps {
  /** Kept while the dialog fades out. */
  template: TTemplate | null;
  show: boolean;
  onHide: () => void;
}

/** Confirms a template's deletion. Programs started from it stay as they are. Cannot be closed mid-call. */
export function DeleteTemplateDialog({ template, show, onHide }: DeleteTemplateDialogProps) {
  const remove = useDeleteTemplate();
  const close = () => {
    if (!remove.isPending) onHide();
  };
  const confirm = () => {
    if (template) remove.mutate(template.id, { onSuccess: onHide });
  };

  return (
    <Modal
      show={show}
      onHide={close}
      onExited={() => remove.reset()}
      centered
      aria-labelledby="delete-template-title"
    >
      <Modal.Header closeButton={!remove.isPending}>
        <Modal.Title id="delete-template-title" as="h2" className="h4">
          Delete Template
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">
          Delete the template <strong>{template?.name}</strong>? Programs started from it will not change.
        </p>
        {remove.isError ? (
          <Alert variant="danger" className="mt-3 mb-0">
            The template could not be deleted. Please try again.
          </Alert>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={close} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
          <Trash aria-hidden="true" />
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
