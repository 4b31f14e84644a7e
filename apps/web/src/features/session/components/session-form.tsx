import { useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '@hep/shared/messages';
import { FEEDBACK_FEELING_MAX } from '@hep/shared/schemas/feedback';
import type { TExercise } from '@hep/shared/schemas/programs';
import { FormField } from '../../../components/ui/form-field';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { UploadProgress } from '../../../components/ui/upload-progress';
import type { TSessionSaveResult, TSessionServices } from '../types';
import type { TSessionReport } from '../utils/session-plan';
import { EffortPicker } from './effort-picker';
import { PainPicker } from './pain-picker';

interface SessionFormProps {
  exercise: TExercise;
  services: TSessionServices;
  /** Saved or kept on the phone: the session moves on. */
  onSaved: (report: TSessionReport, result: Exclude<TSessionSaveResult, { status: 'failed' }>) => void;
  onSkip: () => void;
}

/**
 * The end of an exercise's screen: effort (one tap), pain, how it felt and a photo or video (all three optional),
 * then I did it!. A missing effort is asked for, not guessed.
 */
export function SessionForm({ exercise, services, onSaved, onSkip }: SessionFormProps) {
  const [effort, setEffort] = useState<number | null>(null);
  const [pain, setPain] = useState<number | null>(null);
  const [feeling, setFeeling] = useState('');
  const [media, setMedia] = useState<File | null>(null);
  const [mediaError, setMediaError] = useState<string>();
  const [effortError, setEffortError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const firstEffort = useRef<HTMLInputElement>(null);
  const prefix = `session-${exercise.id}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (abortRef.current) return;
    if (effort === null) {
      setEffortError(MESSAGES.effortRequired);
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
      result = { status: 'failed', message: MESSAGES.feedbackSubmitFailed };
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
      aria-label={`How ${exercise.name} went`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <EffortPicker
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
      <PainPicker
        name={`${prefix}-pain`}
        value={pain}
        disabled={busy}
        onChange={(level) => {
          setPain(level);
          setFailure(null);
        }}
      />
      <FormField id={`${prefix}-feeling`} label="How did it feel? (optional)">
        <textarea
          id={`${prefix}-feeling`}
          className="form-control"
          rows={2}
          maxLength={FEEDBACK_FEELING_MAX}
          disabled={busy}
          value={feeling}
          onChange={(event) => {
            setFeeling(event.target.value);
            setFailure(null);
          }}
        />
      </FormField>
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
        {busy ? MESSAGES.submitting : MESSAGES.iDidIt}
      </button>
      <button
        type="button"
        className="btn btn-link w-100 mt-2 session-tool-button"
        disabled={busy}
        onClick={onSkip}
      >
        Skip for now
      </button>
    </form>
  );
}
