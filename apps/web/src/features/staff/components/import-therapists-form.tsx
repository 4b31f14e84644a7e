import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Download } from 'react-bootstrap-icons';
import { MESSAGES } from '@hep/shared/messages';
import { CSV_MAX_BYTES } from '@hep/shared/schemas/staff';
import { FormField, describedBy } from '../../../components/ui/form-field';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes-context';
import { errorMessage } from '../../../lib/api-error';
import { csvRowErrors, useImportTherapistsCsv } from '../api/import-therapists-csv';
import { useCloseAfterSuccess } from '../hooks/use-close-after-success';
import { CSV_TEMPLATE_FILE_NAME, csvTemplateText } from '../utils/csv-template';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { FormResult, type TFormResult } from '../../../components/ui/form-result';

const CSV_TOO_LARGE = `The CSV file must be ${CSV_MAX_BYTES / 1_048_576} MB or smaller.`;

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
      setFileError(MESSAGES.selectCsvFile);
      return;
    }
    if (file.size > CSV_MAX_BYTES) {
      setFileError(CSV_TOO_LARGE);
      return;
    }
    importCsv.mutate(file, {
      onSuccess: () => setResult({ kind: 'success', text: MESSAGES.therapistsImported }),
      onError: (error) =>
        setResult({
          kind: 'error',
          text: errorMessage(error, MESSAGES.addTherapistFailed),
          details: csvRowErrors(error).map(({ row, message }) => `Row ${row}: ${message}`),
        }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Import therapists from CSV">
      <Modal.Body>
        <FormField
          id="therapist-csv"
          label="CSV file"
          hint="Columns: First Name, Last Name, Email, Discipline, Clinic ID (from the Clinics table)."
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
          Download CSV template
        </a>
        <FormResult result={result} />
      </Modal.Body>
      <ModalFormFooter
        onCancel={onCancel}
        label="Import Therapists"
        busyLabel="Importing..."
        busy={importCsv.isPending}
        disabled={succeeded}
      />
    </form>
  );
}
