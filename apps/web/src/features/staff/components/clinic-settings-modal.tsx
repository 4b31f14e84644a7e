import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Trans, useLingui } from '@lingui/react/macro';
import { CRISIS_TEXT_MAX, type TClinic, type TClinicSettings } from '@hep/shared/schemas/staff';
import { FormResult } from '../../../components/ui/form-result';
import { LoadingText } from '../../../components/ui/loading-text';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { ModalHeader } from '../../../components/ui/modal-header';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useClinicSettings, useUpdateClinic } from '../api/clinic-settings';

/**
 * A clinic's crisis text (docs/product/outcome-measures.md#safety): what a client who may be at risk reads at once.
 * Blank keeps the default, shown under the field.
 */
function ClinicSettingsForm({ settings, onClose }: { settings: TClinicSettings; onClose: () => void }) {
  const { t } = useLingui();
  const [text, setText] = useState(settings.crisis_text ?? '');
  const update = useUpdateClinic(settings.id);
  const fieldError = isApiError(update.error) ? update.error.fields.crisis_text : undefined;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ crisis_text: text }, { onSuccess: onClose });
      }}
    >
      <Modal.Body>
        <label htmlFor="crisis-text" className="form-label fw-semibold">
          <Trans>Crisis text</Trans>
        </label>
        <textarea
          id="crisis-text"
          className={`form-control${fieldError ? ' is-invalid' : ''}`}
          rows={3}
          maxLength={CRISIS_TEXT_MAX}
          value={text}
          aria-describedby="crisis-text-hint"
          aria-invalid={fieldError ? true : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <div id="crisis-text-hint" className="form-text">
          <Trans>
            Shown at once to a client whose answers suggest they may harm themselves. Leave it blank to use: "
            {settings.default_crisis_text}"
          </Trans>
        </div>
        <FormResult
          result={
            update.isError
              ? {
                  kind: 'error',
                  text: fieldError ?? errorMessage(update.error, t`Failed to save. Please try again.`),
                }
              : null
          }
        />
      </Modal.Body>
      <ModalFormFooter onCancel={onClose} label={t`Save`} busyLabel={t`Saving...`} busy={update.isPending} />
    </form>
  );
}

export function ClinicSettingsModal({ clinic, onClose }: { clinic: TClinic; onClose: () => void }) {
  const settings = useClinicSettings(clinic.id);
  return (
    <Modal show onHide={onClose} centered aria-labelledby="clinic-settings-title">
      <ModalHeader closeButton>
        <Modal.Title id="clinic-settings-title" as="h2" className="h4">
          <Trans>Clinic settings: {clinic.name}</Trans>
        </Modal.Title>
      </ModalHeader>
      {settings.data ? (
        <ClinicSettingsForm settings={settings.data} onClose={onClose} />
      ) : (
        <Modal.Body>
          {settings.isError ? (
            <FormResult result={{ kind: 'error', text: errorMessage(settings.error, '') }} />
          ) : (
            <LoadingText />
          )}
        </Modal.Body>
      )}
    </Modal>
  );
}
