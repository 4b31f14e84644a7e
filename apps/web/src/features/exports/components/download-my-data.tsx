import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Download } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { isAbortError } from '../../../lib/api-client';
import { formatFileSize } from '../../../lib/media-file';
import { downloadMyData, saveDownload } from '../api/download-my-data';

type DownloadState =
  { kind: 'idle' } | { kind: 'busy'; bytes: number } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * "Download my data" on My Details (docs/product/records.md#download-my-data): a zip of everything the account holds.
 * The bytes received so far are said in a live region while it downloads (the server streams it, so there is no
 * total to show a percentage of), and so is the outcome: saved, or why not (once every 10 minutes).
 */
export function DownloadMyData() {
  const { t } = useLingui();
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ kind: 'busy', bytes: 0 });
    try {
      const download = await downloadMyData({
        signal: abort.signal,
        onProgress: (bytes) => setState({ kind: 'busy', bytes }),
      });
      saveDownload(download);
      setState({ kind: 'done' });
    } catch (error) {
      if (isAbortError(error)) return;
      const message =
        isApiError(error) && error.status === 429
          ? t`You can download your data once every 10 minutes. Please try again later.`
          : errorMessage(error, t`Your data could not be downloaded. Please try again.`);
      setState({ kind: 'failed', message });
    }
  };

  const busy = state.kind === 'busy';
  const received = state.kind === 'busy' && state.bytes > 0 ? formatFileSize(state.bytes) : null;
  return (
    <section className="card" aria-labelledby="download-my-data-title">
      <div className="card-body">
        <h2 id="download-my-data-title" className="h4">
          <Trans>Your data</Trans>
        </h2>
        <p className="text-body-secondary">
          <Trans>
            Download a copy of everything your account holds, with your photos and videos, as a zip file. You
            can download it once every 10 minutes.
          </Trans>
        </p>
        <Button variant="outline-primary" className="w-100" onClick={() => void start()} disabled={busy}>
          <Download aria-hidden="true" />
          {busy ? <Trans>Downloading...</Trans> : <Trans>Download my data</Trans>}
        </Button>
        <div role="status" aria-live="polite" className={busy || state.kind === 'done' ? 'mt-3' : undefined}>
          {state.kind === 'busy' ? (
            <p className="mb-0">
              {received ? (
                <Trans>Downloading your data: {received} so far.</Trans>
              ) : (
                <Trans>Preparing your data...</Trans>
              )}
            </p>
          ) : null}
          {state.kind === 'done' ? (
            // Inside the live region already: styled as an alert, without a role of its own.
            <div className="alert alert-success mb-0">
              <Trans>Your data has been downloaded.</Trans>
            </div>
          ) : null}
        </div>
        {state.kind === 'failed' ? (
          <PlainAlert variant="danger" className="mt-3 mb-0">
            {state.message}
          </PlainAlert>
        ) : null}
      </div>
    </section>
  );
}
