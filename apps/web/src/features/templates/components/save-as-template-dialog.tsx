import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TProgram } from '@hep/shared/schemas/programs';
import { TEMPLATE_MESSAGES } from '@hep/shared/schemas/templates';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useSaveProgramAsTemplate } from '../api/save-program-as-template';
import { translateText } from '../../../lib/i18n/translated-resolver';
import { ModalHeader } from '../../../components/ui/modal-header';

interface SaveAsTemplateDialogProps {
  /** Kept while the dialog fades out. */
  program: TProgram | null;
  show: boolean;
  onHide: () => void;
}

/** Save as template: asks for the name (the program's, to start with); the days and exercises come along. */
export function SaveAsTemplateDialog({ program, show, onHide }: SaveAsTemplateDialogProps) {
  const save = useSaveProgramAsTemplate();
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();

  const savedName = save.data?.name;
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
      setNameError(translateText(TEMPLATE_MESSAGES.nameRequired));
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
        <ModalHeader closeButton={!save.isPending}>
          <Modal.Title id="save-template-title" as="h2" className="h4">
            <Trans>Save as template</Trans>
          </Modal.Title>
        </ModalHeader>
        <Modal.Body>
          {save.isSuccess ? (
            <Alert variant="success" className="mb-0" role="status">
              <Trans>
                Saved <strong>{savedName}</strong> as a template. <Link to="/templates">Open Templates</Link>
              </Trans>
            </Alert>
          ) : (
            <>
              <p>
                <Trans>The days and exercises are saved. Photos and videos are shared, not copied.</Trans>
              </p>
              <TextField
                id="save-template-name"
                label={t`Template Name`}
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
                  {errorMessage(save.error, t`The template could not be saved. Please try again.`)}
                </Alert>
              ) : null}
            </>
          )}
        </Modal.Body>
        {save.isSuccess ? (
          <Modal.Footer>
            <Button variant="primary" onClick={close}>
              <Trans>Done</Trans>
            </Button>
          </Modal.Footer>
        ) : (
          <ModalFormFooter
            onCancel={close}
            label={t`Save template`}
            busyLabel={t`Saving...`}
            busy={save.isPending}
          />
        )}
      </form>
    </Modal>
  );
}
