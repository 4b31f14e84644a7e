import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { UploadProgress } from '../../../components/ui/upload-progress';
import type { useProgramSave } from '../hooks/use-program-save';
import type { ProgramFormMode } from './program-form-values';

const NEW_PROGRAM = { draft: msg`Save as Draft`, publish: msg`Publish Program` };

const LABELS: Record<ProgramFormMode, { draft: MessageDescriptor; publish: MessageDescriptor }> = {
  create: NEW_PROGRAM,
  replicate: NEW_PROGRAM,
  edit: { draft: msg`Save Changes`, publish: msg`Update & Publish` },
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
  const { t } = useLingui();
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
          {saving ? t`Saving...` : t(labels.draft)}
        </Button>
        <Button variant="primary" size="lg" disabled={busy} onClick={save.publish}>
          {saving ? t`Saving...` : t(labels.publish)}
        </Button>
      </div>
    </>
  );
}
