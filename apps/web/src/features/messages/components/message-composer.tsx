import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { XLg } from 'react-bootstrap-icons';
import { MESSAGE_MAX_LENGTH } from '@hep/shared/schemas/messages';
import { PhotoVideoInput } from '../../../components/ui/photo-video-input';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { isAbortError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-error';
import { formatWeekdayDayMonth } from '../../../lib/calendar-date';
import { newIdempotencyKey } from '../../../lib/offline/outbox-rules';
import { type MessageTie, useSendMessage } from '../api/send-message';

export interface MessageAbout extends MessageTie {
  /** The exercise's name, when known. */
  name: string | null;
}

interface MessageComposerProps {
  clientId: number;
  /** The client's own conversation: offline, a message waits in the phone's outbox. */
  keepOffline: boolean;
  about: MessageAbout | null;
  onAboutCleared: () => void;
}

/**
 * The box to write in (docs/product/messages.md#web): the text, a photo or video like feedback's (its upload shown
 * with Cancel), and, when replying to a feedback entry, the day's exercise the message is about.
 */
export function MessageComposer({ clientId, keepOffline, about, onAboutCleared }: MessageComposerProps) {
  const { t } = useLingui();
  const send = useSendMessage(clientId);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const day = about ? formatWeekdayDayMonth(about.day) : '';
  const exercise = about?.name ?? '';

  const submit = () => {
    if (!text.trim() && !file) return setProblem(t`Write a message, or add a photo or video.`);
    setProblem(null);
    setNotice(null);
    abort.current = new AbortController();
    if (file) setProgress(0);
    send.mutate(
      {
        text,
        file,
        about,
        key,
        keepOffline,
        signal: abort.current.signal,
        onProgress: file ? ({ percent }) => setProgress(percent) : undefined,
      },
      {
        onSuccess: (outcome) => {
          setText('');
          setFile(null);
          setKey(newIdempotencyKey());
          // The next message is about this exercise only if the writer says so again.
          if (about) onAboutCleared();
          if (outcome.queued) setNotice(t`Saved on this phone. It will be sent when you are online.`);
        },
        onError: (error) =>
          setProblem(
            isAbortError(error)
              ? t`The message was not sent.`
              : errorMessage(error, t`The message could not be sent. Please try again.`),
          ),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <form
      noValidate
      className="conversation-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {about ? (
        <div className="conversation-about-draft">
          <span>
            {exercise ? (
              <Trans>
                About {exercise} on {day}
              </Trans>
            ) : (
              <Trans>About an exercise on {day}</Trans>
            )}
          </span>
          <button type="button" className="btn btn-link btn-sm" onClick={onAboutCleared}>
            <XLg aria-hidden="true" />
            <Trans>Not about this exercise</Trans>
          </button>
        </div>
      ) : null}
      <label htmlFor="message-text" className="form-label fw-semibold">
        <Trans>Message</Trans>
      </label>
      <textarea
        id="message-text"
        className={`form-control${problem ? ' is-invalid' : ''}`}
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        value={text}
        aria-describedby={problem ? 'message-problem' : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {problem ? (
        <div id="message-problem" className="invalid-feedback d-block">
          {problem}
        </div>
      ) : null}
      <div className="mt-3">
        <PhotoVideoInput
          id="message-media"
          file={file}
          hasCurrent={false}
          error={fileError}
          disabled={send.isPending}
          onChange={(chosen, error) => {
            setFile(chosen);
            setFileError(error ?? undefined);
          }}
        />
      </div>
      {progress !== null ? (
        <div className="mt-3">
          <UploadProgress percent={progress} onCancel={() => abort.current?.abort()} />
        </div>
      ) : (
        <button type="submit" className="btn btn-primary mt-3" disabled={send.isPending}>
          {send.isPending ? <Trans>Sending...</Trans> : <Trans>Send</Trans>}
        </button>
      )}
      <div role="status" className="mt-2">
        {notice}
      </div>
    </form>
  );
}
