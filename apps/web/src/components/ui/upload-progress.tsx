import './upload-progress.css';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { Trans } from '@lingui/react/macro';
import { formatNumber } from '../../lib/intl-date';

/** An upload of photos or videos: a labelled progress bar with its percent, and Cancel. */
export function UploadProgress({ percent, onCancel }: { percent: number; onCancel: () => void }) {
  const labelId = useId();
  const shown = formatNumber(percent / 100, { style: 'percent' });
  return (
    <>
      <div className="d-flex justify-content-between align-items-baseline mb-2">
        <span id={labelId} className="fw-semibold">
          <Trans>Uploading files...</Trans>
        </span>
        <span aria-hidden="true">{shown}</span>
      </div>
      <div
        className="progress upload-progress-bar"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={shown}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
      {/* Once every byte is sent the server saves anyway: cancelling then would claim nothing was saved. */}
      <Button variant="outline-danger" className="mt-3 w-100" onClick={onCancel} disabled={percent >= 100}>
        <Trans>Cancel</Trans>
      </Button>
    </>
  );
}
