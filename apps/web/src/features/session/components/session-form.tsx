import './session-form.css';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { PlusCircle } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { FEEDBACK_FEELING_MAX } from '@hep/shared/schemas/feedback';
import type { TExercise } from '@hep/shared/schemas/programs';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { revealInView } from '../../../lib/reveal-in-view';
import type { TSessionSaveResult, TSessionServices } from '../types';
import type { TSessionReport } from '../utils/session-plan';

interface SessionFormProps {
  exercise: TExercise;
  services: TSessionServices;
  /** Saved or kept on the phone: the session moves on. */
  onSaved: (report: TSessionReport, result: Exclude<TSessionSaveResult, { status: 'failed' }>) => void;
  onSkip: () => void;
  /** Beside Skip for now: the link to the day's accordion. */
  footer: ReactNode;
}

/**
 * The end of an exercise's screen (docs/product/session.md#guided-session): effort (one tap), then "+ Pain",
 * "+ Note" and "+ Photo or video", each opening its question with one tap when wanted, then I did it!. A missing
 * effort is asked for, not guessed.
 */
export function SessionForm({ exercise, services, onSaved, onSkip, footer }: SessionFormProps) {
  const [effort, setEffort] = useState<number | null>(null);
  const [pain, setPain] = useState<number | null>(null);
  const [painOpen, setPainOpen] = useState(false);
  const [feeling, setFeeling] = useState('');
  const [noteOpen, setNoteOpen] = useState(false);
  const [media, setMedia] = useState<File | null>(null);
  const [mediaError, setMediaError] = useState<string>();
  const [effortError, setEffortError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const firstEffort = useRef<HTMLInputElement>(null);
  const firstPain = useRef<HTMLInputElement>(null);
  const note = useRef<HTMLTextAreaElement>(null);
  const { t } = useLingui();
  const prefix = `session-${exercise.id}`;
  const exerciseName = exercise.name;
  const { EffortField, PainField } = services;

  // A question opened on request takes the focus, so that the next tap or key goes to it.
  useEffect(() => {
    if (painOpen) firstPain.current?.focus();
  }, [painOpen]);
  useEffect(() => {
    if (noteOpen) note.current?.focus();
  }, [noteOpen]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (abortRef.current) return;
    if (effort === null) {
      setEffortError(t`Please select an effort level.`);
      firstEffort.current?.focus();
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    setFailure(null);
    setProgress(media ? 0 : null);
    let result: TSessionSaveResult;
    try {
      result = await services.save({
        exercise,
        effort,
        pain,
        feeling: feeling.trim(),
        media,
        signal: controller.signal,
        onProgress: media ? setProgress : undefined,
      });
    } catch {
      result = { status: 'failed', message: t`An error occurred while submitting feedback.` };
    }
    abortRef.current = null;
    setBusy(false);
    setProgress(null);
    if (result.status === 'failed') setFailure(result.message);
    else onSaved({ effort, pain }, result);
  }

  return (
    <form
      className="session-form"
      aria-label={t`How ${exerciseName} went`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <EffortField
        name={`${prefix}-effort`}
        value={effort}
        error={effortError}
        disabled={busy}
        firstRef={firstEffort}
        onChange={(rating) => {
          setEffort(rating);
          setEffortError(undefined);
          setFailure(null);
        }}
      />
      <div className="session-extras">
        {painOpen ? null : (
          <button
            type="button"
            className="btn btn-outline-primary session-extra-button"
            disabled={busy}
            onClick={() => setPainOpen(true)}
          >
            <PlusCircle aria-hidden="true" size={20} />
            <Trans>Pain</Trans>
          </button>
        )}
        {noteOpen ? null : (
          <button
            type="button"
            className="btn btn-outline-primary session-extra-button"
            disabled={busy}
            onClick={() => setNoteOpen(true)}
          >
            <PlusCircle aria-hidden="true" size={20} />
            <Trans>Note</Trans>
          </button>
        )}
        {services.renderMediaInput({
          id: `${prefix}-media`,
          file: media,
          error: mediaError,
          disabled: busy,
          onChange: (file, problem) => {
            setMedia(file);
            setMediaError(problem ?? undefined);
            setFailure(null);
          },
        })}
      </div>
      {painOpen ? (
        <PainField
          name={`${prefix}-pain`}
          value={pain}
          disabled={busy}
          firstRef={firstPain}
          onChange={(level) => {
            setPain(level);
            setFailure(null);
          }}
        />
      ) : null}
      {noteOpen ? (
        <div className="mb-3">
          <label htmlFor={`${prefix}-feeling`} className="form-label fw-semibold">
            <Trans>How did it feel? (optional)</Trans>
          </label>
          <textarea
            ref={note}
            id={`${prefix}-feeling`}
            className="form-control"
            rows={2}
            maxLength={FEEDBACK_FEELING_MAX}
            disabled={busy}
            value={feeling}
            onFocus={(event) => revealInView(event.currentTarget)}
            onChange={(event) => {
              setFeeling(event.target.value);
              setFailure(null);
            }}
          />
        </div>
      ) : null}
      {progress !== null ? (
        <div className="mb-3">
          <UploadProgress percent={progress} onCancel={() => abortRef.current?.abort()} />
        </div>
      ) : null}
      {failure ? (
        <PlainAlert variant="danger" className="mb-3">
          {failure}
        </PlainAlert>
      ) : null}
      <button type="submit" className="btn btn-primary btn-lg w-100 session-done-button" disabled={busy}>
        {busy ? <Trans>Submitting...</Trans> : <Trans>I did it!</Trans>}
      </button>
      <div className="session-after">
        <button type="button" className="btn btn-link session-tool-button" disabled={busy} onClick={onSkip}>
          <Trans>Skip for now</Trans>
        </button>
        {footer}
      </div>
    </form>
  );
}
