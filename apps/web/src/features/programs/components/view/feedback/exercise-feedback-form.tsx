import { useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { EFFORT_LABELS, EFFORT_MAX } from '@hep/shared/domain/effort';
import { MESSAGES } from '@hep/shared/messages';
import { FEEDBACK_FEELING_MAX, type TFeedback } from '@hep/shared/schemas/feedback';
import type { TExercise } from '@hep/shared/schemas/programs';
import { FeedbackMedia } from '../../../../../components/ui/feedback-media';
import { FormField } from '../../../../../components/ui/form-field';
import { SelectField } from '../../../../../components/ui/select-field';
import { UploadProgress } from '../../../../../components/ui/upload-progress';
import { useSaveFeedback } from '../../../api/save-feedback';
import { FeedbackMediaInput } from './feedback-media-input';
import {
  feedbackErrorMessage,
  initialDraft,
  submitLabel,
  submitMode,
  type FeedbackDraft,
} from './feedback-form-state';

interface ExerciseFeedbackFormProps {
  exercise: TExercise;
  /** The exercise day, `yyyy-MM-dd`. */
  date: string;
  /** The day's saved entry for this exercise, or null. */
  existing: TFeedback | null;
  /** A new completion was saved: the page celebrates. */
  onCompleted: () => void;
}

type Notice = { kind: 'success' | 'danger' | 'info'; text: string };

const EFFORT_OPTIONS = Array.from({ length: EFFORT_MAX + 1 }, (_, rating) => ({
  value: rating,
  label: rating === 0 ? EFFORT_LABELS[0] : `${rating} - ${EFFORT_LABELS[rating]}`,
}));

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The client's completion form for one exercise (spec "Exercise feedback form"): effort, how it felt, an optional
 * photo or video. The saved entry is compared with what is entered: nothing changed shows Completed! ✓, a change
 * offers Update Feedback. Effort 0 means "not rated" (design 7.6), so it asks for a rating first.
 */
export function ExerciseFeedbackForm({ exercise, date, existing, onCompleted }: ExerciseFeedbackFormProps) {
  const save = useSaveFeedback();
  const [draft, setDraft] = useState<FeedbackDraft>(() => initialDraft(existing));
  const [effortError, setEffortError] = useState<string>();
  const [mediaError, setMediaError] = useState<string>();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const effortRef = useRef<HTMLSelectElement>(null);
  const mediaRef = useRef<HTMLInputElement>(null);

  const mode = submitMode(draft, existing);
  const ids = {
    effort: `effort-${exercise.id}`,
    feeling: `feeling-${exercise.id}`,
    media: `media-${exercise.id}`,
  };

  const change = (next: Partial<FeedbackDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setNotice(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || mode === 'completed') return;
    if (draft.effort === 0) {
      setEffortError(MESSAGES.effortRequired);
      effortRef.current?.focus();
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    setNotice(null);
    setProgress(draft.media ? 0 : null);
    try {
      const result = await save.mutateAsync({
        feedbackId: existing?.id,
        program: exercise.program,
        exercise: exercise.id,
        date,
        effort: draft.effort,
        feeling: draft.feeling.trim(),
        media: draft.media,
        signal: controller.signal,
        onProgress: draft.media ? (p) => setProgress(p.percent) : undefined,
      });
      setDraft(initialDraft(result.feedback));
      if (mediaRef.current) mediaRef.current.value = '';
      setNotice({
        kind: 'success',
        text: existing ? MESSAGES.feedbackUpdated : MESSAGES.feedbackSubmitted,
      });
      if (!existing) onCompleted();
    } catch (error) {
      setNotice(
        isAbort(error)
          ? { kind: 'info', text: MESSAGES.uploadCancelled }
          : { kind: 'danger', text: feedbackErrorMessage(error) },
      );
    } finally {
      abortRef.current = null;
      setBusy(false);
      setProgress(null);
    }
  }

  return (
    <form
      className="exercise-feedback-form card card-body mt-3"
      aria-label={`How ${exercise.name} went`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <SelectField
        ref={effortRef}
        id={ids.effort}
        label="Effort"
        error={effortError}
        value={draft.effort}
        disabled={busy}
        onChange={(event) => {
          setEffortError(undefined);
          change({ effort: Number(event.target.value) });
        }}
      >
        {EFFORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <FormField id={ids.feeling} label="How did it feel? (optional)">
        <textarea
          id={ids.feeling}
          className="form-control"
          rows={3}
          maxLength={FEEDBACK_FEELING_MAX}
          value={draft.feeling}
          disabled={busy}
          onChange={(event) => change({ feeling: event.target.value })}
        />
      </FormField>
      {existing?.image_url || existing?.video_url ? (
        <div className="mb-3">
          <p className="fw-semibold mb-2">Your photo or video</p>
          <FeedbackMedia feedback={existing} label={exercise.name} />
        </div>
      ) : null}
      <FeedbackMediaInput
        ref={mediaRef}
        id={ids.media}
        file={draft.media}
        hasCurrent={Boolean(existing?.image_url || existing?.video_url)}
        error={mediaError}
        disabled={busy}
        onChange={(file, problem) => {
          setMediaError(problem ?? undefined);
          change({ media: file });
        }}
      />
      {progress !== null ? (
        <div className="mb-3">
          <UploadProgress percent={progress} onCancel={() => abortRef.current?.abort()} />
        </div>
      ) : null}
      {notice ? (
        <Alert variant={notice.kind} role={notice.kind === 'danger' ? 'alert' : 'status'} className="mb-3">
          {notice.text}
        </Alert>
      ) : null}
      <Button type="submit" size="lg" className="w-100" disabled={busy || mode === 'completed'}>
        {submitLabel(mode, busy)}
      </Button>
    </form>
  );
}
