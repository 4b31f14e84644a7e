import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { UploadProgress } from '../../../components/ui/upload-progress';
import type { useProgramSave } from '../hooks/use-program-save';
import type { ProgramFormMode } from './program-form-values';

const LABELS: Record<ProgramFormMode, { draft: string; publish: string }> = {
  create: { draft: 'Save as Draft', publish: 'Publish Program' },
  replicate: { draft: 'Save as Draft', publish: 'Publish Program' },
  edit: { draft: 'Save Changes', publish: 'Update & Publish' },
};

interface ProgramFormFooterProps {
  mode: ProgramFormMode;
  save: ReturnType<typeof useProgramSave>;
  /** Two exercises share a name: even a draft waits until they differ. */
  duplicateNames: boolean;
}

/** The end of the form: the upload's progress with Cancel, the save's notice, and the draft and publish buttons. */
export function ProgramFormFooter({ mode, save, duplicateNames }: ProgramFormFooterProps) {
  const { notice, saving, progress } = save;
  const labels = LABELS[mode];
  const busy = saving || save.saved;
  return (
    <>
      {progress !== null ? (
        <div className="card mb-3">
          <div className="card-body">
            <UploadProgress percent={progress} onCancel={save.cancelUpload} />
          </div>
        </div>
      ) : null}
      {notice ? (
        <Alert variant={notice.kind} role={notice.kind === 'danger' ? 'alert' : 'status'} className="mb-3">
          {notice.text}
        </Alert>
      ) : null}
      <div className="program-actions">
        <Button
          variant="outline-primary"
          size="lg"
          disabled={busy || duplicateNames}
          onClick={save.saveDraft}
        >
          {saving ? 'Saving...' : labels.draft}
        </Button>
        <Button variant="primary" size="lg" disabled={busy} onClick={save.publish}>
          {saving ? 'Saving...' : labels.publish}
        </Button>
      </div>
    </>
  );
}
