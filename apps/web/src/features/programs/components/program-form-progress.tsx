import Button from 'react-bootstrap/Button';
import { MESSAGES } from '@hep/shared/messages';

/** The upload of a save with files: a labelled progress bar with its percent, and Cancel. */
export function ProgramFormProgress({ percent, onCancel }: { percent: number; onCancel: () => void }) {
  return (
    <div className="card program-progress mb-3">
      <div className="card-body">
        <div className="d-flex justify-content-between align-items-baseline mb-2">
          <span id="program-upload-label" className="fw-semibold">
            {MESSAGES.uploading}
          </span>
          <span aria-hidden="true">{`${percent}%`}</span>
        </div>
        <div
          className="progress program-progress-bar"
          role="progressbar"
          aria-labelledby="program-upload-label"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuetext={`${percent}%`}
        >
          <div className="progress-bar" style={{ width: `${percent}%` }} />
        </div>
        {/* Once every byte is sent the server saves anyway: cancelling then would claim nothing was saved. */}
        <Button variant="outline-danger" className="mt-3 w-100" onClick={onCancel} disabled={percent >= 100}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
