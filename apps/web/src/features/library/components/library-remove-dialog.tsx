import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { TLibraryExercise } from '@hep/shared/schemas/library';
import { FormResult } from '../../../components/ui/form-result';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteLibraryExercise } from '../api/delete-library-exercise';

const REMOVE_FAILED = 'The exercise could not be removed. Please try again.';

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
  const confirm = () => {
    if (!item) return;
    remove.mutate(item.id, {
      onSuccess: () => onRemoved(`${item.name} was removed from your library.`),
    });
  };
  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={() => remove.reset()}
      centered
      aria-labelledby="library-remove-title"
    >
      <Modal.Header closeButton>
        <Modal.Title id="library-remove-title" as="h2" className="h4">
          Remove exercise
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{`Remove "${item?.name ?? ''}" from your library? Programs that use it keep it.`}</p>
        <FormResult
          result={remove.isError ? { kind: 'error', text: errorMessage(remove.error, REMOVE_FAILED) } : null}
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? 'Removing...' : 'Remove'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
