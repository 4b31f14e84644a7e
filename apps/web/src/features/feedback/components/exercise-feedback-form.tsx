import './exercise-feedback-form.css';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useController, useForm, useWatch } from 'react-hook-form';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FEEDBACK_FEELING_MAX, type TFeedback } from '@hep/shared/schemas/feedback';
import type { TExercise } from '@hep/shared/schemas/programs';
import { FormField } from '../../../components/ui/form-field';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { isAbortError } from '../../../lib/api-client';
import { revealInView } from '../../../lib/reveal-in-view';
import { type SettledEvent, useWaitingSave } from '../../../lib/offline/use-waiting-save';
import { OFFLINE_SAVED_TEXT, rememberSavedFeedback, useSaveFeedback } from '../api/save-feedback';
import {
  checkEffort,
  feedbackErrorMessage,
  initialDraft,
  painOf,
  submitLabel,
  submitMode,
  type FeedbackDraft,
} from '../utils/feedback-form-state';
import { EffortPicker } from './effort-picker';
import { FeedbackMedia } from './feedback-media';
import { PhotoVideoInput } from '../../../components/ui/photo-video-input';
import { PainPicker } from './pain-picker';

interface ExerciseFeedbackFormProps {
  exercise: TExercise;
  /** The exercise day, `yyyy-MM-dd`. */
  date: string;
  /** The day's saved entry for this exercise, or null. */
  existing: TFeedback | null;
  /** A new completion was saved: the page celebrates. */
  onCompleted: () => void;
}

/** Our own texts are descriptors (shown in the page's language); a server's or a check's message comes as words. */
type Notice = { kind: 'success' | 'danger' | 'info'; text: string | MessageDescriptor };

const FEEDBACK_UPDATED = msg`Feedback updated successfully!`;
const FEEDBACK_SUBMITTED = msg`Feedback submitted successfully!`;

/**
 * The client's completion form for one exercise (docs/product/feedback-and-progress.md#feedback-form): effort and pain
 * (optional) with the guided session's own controls, how it felt, an optional photo or video. The saved entry is compared with what is entered: nothing
 * changed shows Completed! ✓, a change offers Update Feedback. Effort 0 means "not rated"
 * (docs/product/feedback-and-progress.md#effort), so it asks for a rating first.
 */
export function ExerciseFeedbackForm({ exercise, date, existing, onCompleted }: ExerciseFeedbackFormProps) {
  const { t } = useLingui();
  const save = useSaveFeedback();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setValue,
    clearErrors,
    formState: { errors },
    // The effort message shows from a submit until the effort changes, as before any submit.
  } = useForm<FeedbackDraft>({ defaultValues: initialDraft(existing), reValidateMode: 'onSubmit' });
  const { field: effortField } = useController({ control, name: 'effort', rules: { validate: checkEffort } });
  const { field: painField } = useController({ control, name: 'pain' });
  const [effort, pain, feeling, media] = useWatch({ control, name: ['effort', 'pain', 'feeling', 'media'] });
  const [mediaError, setMediaError] = useState<string>();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const mediaRef = useRef<HTMLInputElement>(null);

  // A save kept on this phone (docs/product/session.md#offline-feedback): the form waits for it, then shows how it
  // went.
  const waiting = useWaitingSave(exercise.id, date, (event: SettledEvent) => {
    if (event.type === 'refused') {
      setNotice({ kind: 'danger', text: event.message });
      return;
    }
    void rememberSavedFeedback(queryClient, event.feedback);
    reset(initialDraft(event.feedback));
    if (mediaRef.current) mediaRef.current.value = '';
    setNotice({
      kind: 'success',
      text: event.method === 'PUT' ? FEEDBACK_UPDATED : FEEDBACK_SUBMITTED,
    });
  });
  const shownNotice: Notice | null = waiting ? { kind: 'info', text: OFFLINE_SAVED_TEXT } : notice;

  const exerciseName = exercise.name;
  const mode = submitMode({ effort, pain, feeling, media }, existing);
  const ids = {
    effort: `effort-${exercise.id}`,
    pain: `pain-${exercise.id}`,
    feeling: `feeling-${exercise.id}`,
    media: `media-${exercise.id}`,
  };

  async function send(values: FeedbackDraft) {
    if (abortRef.current || mode === 'completed' || waiting) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    setNotice(null);
    setProgress(values.media ? 0 : null);
    try {
      const result = await save.mutateAsync({
        feedbackId: existing?.id,
        program: exercise.program,
        exercise: exercise.id,
        exerciseName: exercise.name,
        date,
        effort: values.effort,
        pain: painOf(values),
        feeling: values.feeling.trim(),
        media: values.media,
        signal: controller.signal,
        onProgress: values.media ? (p) => setProgress(p.percent) : undefined,
      });
      if (result.queued) {
        // Kept on this phone until the connection returns (docs/product/session.md#offline-feedback).
        setNotice({ kind: 'info', text: OFFLINE_SAVED_TEXT });
        return;
      }
      reset(initialDraft(result.feedback));
      if (mediaRef.current) mediaRef.current.value = '';
      setNotice({
        kind: 'success',
        text: existing ? FEEDBACK_UPDATED : FEEDBACK_SUBMITTED,
      });
      if (!existing) onCompleted();
    } catch (error) {
      setNotice(
        isAbortError(error)
          ? { kind: 'info', text: msg`Upload cancelled. Nothing was saved.` }
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
      aria-label={t`How ${exerciseName} went`}
      noValidate
      onSubmit={(event) => void handleSubmit(send)(event)}
    >
      <EffortPicker
        name={ids.effort}
        value={effort > 0 ? effort : null}
        error={errors.effort?.message}
        disabled={busy || waiting}
        firstRef={effortField.ref}
        onChange={(rating) => {
          effortField.onChange(rating);
          clearErrors('effort');
          setNotice(null);
        }}
      />
      <PainPicker
        name={ids.pain}
        value={painOf({ pain })}
        disabled={busy || waiting}
        onChange={(level) => {
          painField.onChange(level === null ? '' : String(level));
          setNotice(null);
        }}
      />
      <FormField id={ids.feeling} label={t`How did it feel? (optional)`}>
        <textarea
          id={ids.feeling}
          className="form-control"
          rows={3}
          maxLength={FEEDBACK_FEELING_MAX}
          disabled={busy || waiting}
          {...register('feeling', { onChange: () => setNotice(null) })}
          onFocus={(event) => revealInView(event.currentTarget)}
        />
      </FormField>
      {existing?.image_url || existing?.video_url ? (
        <div className="mb-3">
          <p className="fw-semibold mb-2">
            <Trans>Your photo or video</Trans>
          </p>
          <FeedbackMedia feedback={existing} label={exercise.name} />
        </div>
      ) : null}
      <PhotoVideoInput
        ref={mediaRef}
        id={ids.media}
        file={media}
        hasCurrent={Boolean(existing?.image_url || existing?.video_url)}
        error={mediaError}
        disabled={busy || waiting}
        onChange={(file, problem) => {
          setMediaError(problem ?? undefined);
          setValue('media', file);
          setNotice(null);
        }}
      />
      {progress !== null ? (
        <div className="mb-3">
          <UploadProgress percent={progress} onCancel={() => abortRef.current?.abort()} />
        </div>
      ) : null}
      {shownNotice ? (
        <Alert
          variant={shownNotice.kind}
          role={shownNotice.kind === 'danger' ? 'alert' : 'status'}
          className="mb-3"
        >
          {typeof shownNotice.text === 'string' ? shownNotice.text : t(shownNotice.text)}
        </Alert>
      ) : null}
      <Button type="submit" size="lg" className="w-100" disabled={busy || waiting || mode === 'completed'}>
        {t(submitLabel(mode, busy))}
      </Button>
    </form>
  );
}
