import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Download } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { CSV_MAX_BYTES } from '@hep/shared/schemas/staff';
import { FormField, describedBy } from '../../../components/ui/form-field';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes-context';
import { errorMessage } from '../../../lib/api-error';
import { csvRowErrors, useImportTherapistsCsv } from '../api/import-therapists-csv';
import { useCloseAfterSuccess } from '../hooks/use-close-after-success';
import { CSV_TEMPLATE_FILE_NAME, csvTemplateText } from '../utils/csv-template';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { FormResult, type TFormResult } from '../../../components/ui/form-result';

const CSV_MAX_MB = CSV_MAX_BYTES / 1_048_576;

// One small Blob URL for the page's lifetime: revoking it on unmount would break StrictMode's second mount.
let templateUrl: string | null = null;
function templateHref(): string {
  templateUrl ??= URL.createObjectURL(new Blob([csvTemplateText()], { type: 'text/csv' }));
  return templateUrl;
}

interface ImportTherapistsFormProps {
  onCancel: () => void;
  /** Called 2 s after the import succeeded. */
  onDone: () => void;
}

/** Import CSV: a file in the template's columns; the server adds every row or, listing the bad rows, none. */
export function ImportTherapistsForm({ onCancel, onDone }: ImportTherapistsFormProps) {
  const importCsv = useImportTherapistsCsv();
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<TFormResult | null>(null);
  const succeeded = result?.kind === 'success';
  useUnsavedChanges(file !== null && !succeeded);
  useCloseAfterSuccess(succeeded, onDone);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    if (!file) {
      setFileError(t`Please select a CSV file to upload.`);
      return;
    }
    if (file.size > CSV_MAX_BYTES) {
      setFileError(t`The CSV file must be ${CSV_MAX_MB} MB or smaller.`);
      return;
    }
    importCsv.mutate(file, {
      onSuccess: () => setResult({ kind: 'success', text: t`Therapists imported successfully.` }),
      onError: (error) =>
        setResult({
          kind: 'error',
          text: errorMessage(error, t`Failed to add therapist(s). Please try again.`),
          details: csvRowErrors(error).map(({ row, message }) => t`Row ${row}: ${message}`),
        }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Import therapists from CSV`}>
      <Modal.Body>
        <FormField
          id="therapist-csv"
          label={t`CSV file`}
          hint={t`Columns: First Name, Last Name, Email, Discipline, Clinic ID (from the Clinics table).`}
          error={fileError ?? undefined}
        >
          <input
            id="therapist-csv"
            type="file"
            accept=".csv"
            className={`form-control${fileError ? ' is-invalid' : ''}`}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={describedBy('therapist-csv', {
              hint: true,
              error: fileError ?? undefined,
            })}
            aria-required="true"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(null);
              setResult(null);
            }}
          />
        </FormField>
        <a className="btn btn-link px-0" href={templateHref()} download={CSV_TEMPLATE_FILE_NAME}>
          <Download aria-hidden="true" />
          <Trans>Download CSV template</Trans>
        </a>
        <FormResult result={result} />
      </Modal.Body>
      <ModalFormFooter
        onCancel={onCancel}
        label={t`Import Therapists`}
        busyLabel={t`Importing...`}
        busy={importCsv.isPending}
        disabled={succeeded}
      />
    </form>
  );
}
