import './upload-progress.css';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { MESSAGES } from '@hep/shared/messages';

/** An upload of photos or videos: a labelled progress bar with its percent, and Cancel. */
export function UploadProgress({ percent, onCancel }: { percent: number; onCancel: () => void }) {
  const labelId = useId();
  return (
    <>
      <div className="d-flex justify-content-between align-items-baseline mb-2">
        <span id={labelId} className="fw-semibold">
          {MESSAGES.uploading}
        </span>
        <span aria-hidden="true">{`${percent}%`}</span>
      </div>
      <div
        className="progress upload-progress-bar"
        role="progressbar"
        aria-labelledby={labelId}
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
    </>
  );
}
