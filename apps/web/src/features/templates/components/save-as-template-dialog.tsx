import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import type { TProgram } from '@hep/shared/schemas/programs';
import { TEMPLATE_MESSAGES } from '@hep/shared/schemas/templates';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useSaveProgramAsTemplate } from '../api/save-program-as-template';

interface SaveAsTemplateDialogProps {
  /** Kept while the dialog fades out. */
  program: TProgram | null;
  show: boolean;
  onHide: () => void;
}

const SAVE_FAILED = 'The template could not be saved. Please try again.';

/** Save as template: asks for the name (the program's, to start with); the days and exercises come along. */
export function SaveAsTemplateDialog({ program, show, onHide }: SaveAsTemplateDialogProps) {
  const save = useSaveProgramAsTemplate();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();

  const reset = () => {
    setName(program?.name ?? '');
    setNameError(undefined);
    save.reset();
  };
  const close = () => {
    if (!save.isPending) onHide();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!program || save.isPending) return;
    if (!name.trim()) {
      setNameError(TEMPLATE_MESSAGES.nameRequired);
      return;
    }
    setNameError(undefined);
    save.mutate(
      { program_id: program.id, name: name.trim() },
      { onError: (error) => setNameError(isApiError(error) ? error.fields.name : undefined) },
    );
  };

  return (
    <Modal show={show} onHide={close} onEnter={reset} centered aria-labelledby="save-template-title">
      <form noValidate onSubmit={submit}>
        <Modal.Header closeButton={!save.isPending}>
          <Modal.Title id="save-template-title" as="h2" className="h4">
            Save as template
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {save.isSuccess ? (
            <Alert variant="success" className="mb-0" role="status">
              Saved <strong>{save.data.name}</strong> as a template.{' '}
              <Link to="/templates">Open Templates</Link>
            </Alert>
          ) : (
            <>
              <p>The days and exercises are saved. Photos and videos are shared, not copied.</p>
              <TextField
                id="save-template-name"
                label="Template Name"
                value={name}
                autoFocus
                error={nameError}
                onChange={(event) => {
                  setName(event.target.value);
                  setNameError(undefined);
                }}
              />
              {save.isError && !nameError ? (
                <Alert variant="danger" className="mb-0">
                  {errorMessage(save.error, SAVE_FAILED)}
                </Alert>
              ) : null}
            </>
          )}
        </Modal.Body>
        {save.isSuccess ? (
          <Modal.Footer>
            <Button variant="primary" onClick={close}>
              Done
            </Button>
          </Modal.Footer>
        ) : (
          <ModalFormFooter
            onCancel={close}
            label="Save template"
            busyLabel="Saving..."
            busy={save.isPending}
          />
        )}
      </form>
    </Modal>
  );
}
