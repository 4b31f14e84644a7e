import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  CRISIS_TEXT_MAX,
  RETENTION_YEARS_MAX,
  RETENTION_YEARS_MIN,
  type TClinic,
  type TClinicSettings,
} from '@hep/shared/schemas/staff';
import { RETENTION_TEXTS } from '@hep/shared/texts/retention';
import { FormResult } from '../../../components/ui/form-result';
import { LoadingText } from '../../../components/ui/loading-text';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { ModalHeader } from '../../../components/ui/modal-header';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { translateText } from '../../../lib/i18n/translated-resolver';
import { useClinicSettings, useUpdateClinic } from '../api/clinic-settings';

/** A whole number of years in the allowed range, or null. */
function retentionYearsOf(text: string): number | null {
  const years = Number(text.trim());
  return /^\d+$/.test(text.trim()) && years >= RETENTION_YEARS_MIN && years <= RETENTION_YEARS_MAX
    ? years
    : null;
}

/**
 * A clinic's crisis text (docs/product/outcome-measures.md#safety): what a client who may be at risk reads at once.
 * Blank keeps the default, shown under the field. And how many years a deactivated client's records are kept before
 * they are erased (docs/product/retention.md).
 */
function ClinicSettingsForm({ settings, onClose }: { settings: TClinicSettings; onClose: () => void }) {
  const { t } = useLingui();
  const [text, setText] = useState(settings.crisis_text ?? '');
  const [years, setYears] = useState(String(settings.retention_years));
  const [yearsChecked, setYearsChecked] = useState(false);
  const update = useUpdateClinic(settings.id);
  const fieldError = isApiError(update.error) ? update.error.fields.crisis_text : undefined;
  const serverYearsError = isApiError(update.error) ? update.error.fields.retention_years : undefined;
  const yearsError =
    yearsChecked && retentionYearsOf(years) === null
      ? translateText(RETENTION_TEXTS.retentionYearsRange)
      : serverYearsError;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setYearsChecked(true);
        const retentionYears = retentionYearsOf(years);
        if (retentionYears === null) return;
        update.mutate({ crisis_text: text, retention_years: retentionYears }, { onSuccess: onClose });
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
        <label htmlFor="retention-years" className="form-label fw-semibold mt-3">
          <Trans>Keep a deactivated client's records for (years)</Trans>
        </label>
        <input
          id="retention-years"
          type="number"
          inputMode="numeric"
          min={RETENTION_YEARS_MIN}
          max={RETENTION_YEARS_MAX}
          step={1}
          className={`form-control retention-years${yearsError ? ' is-invalid' : ''}`}
          value={years}
          aria-describedby={
            yearsError ? 'retention-years-error retention-years-hint' : 'retention-years-hint'
          }
          aria-invalid={yearsError ? true : undefined}
          onChange={(event) => setYears(event.target.value)}
        />
        {yearsError ? (
          <div id="retention-years-error" className="invalid-feedback d-block">
            {yearsError}
          </div>
        ) : null}
        <div id="retention-years-hint" className="form-text">
          <Trans>
            Then their records, messages, measures, feedback and the photos and videos only they used are
            erased. From {RETENTION_YEARS_MIN} to {RETENTION_YEARS_MAX} years.
          </Trans>
        </div>
        <FormResult
          result={
            update.isError && !(yearsError && !fieldError)
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
