import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TExercise, TProgram } from '@hep/shared/schemas/programs';
import { LoadingText } from '../../../components/ui/loading-text';
import { isAbortError } from '../../../lib/api-client';
import { OFFLINE_SAVED_TEXT, useSaveFeedback } from '../../../features/feedback/api/save-feedback';
import { CompletionToast } from '../../../features/feedback/components/completion-toast';
import { EffortPicker } from '../../../features/feedback/components/effort-picker';
import { PhotoVideoInput } from '../../../components/ui/photo-video-input';
import { PainPicker } from '../../../features/feedback/components/pain-picker';
import { useCelebration } from '../../../features/feedback/hooks/use-celebration';
import { useDayFeedbackByExercise } from '../../../features/feedback/hooks/use-day-feedback-by-exercise';
import { feedbackErrorMessage } from '../../../features/feedback/utils/feedback-form-state';
import { ExerciseMedia } from '../../../features/programs/components/view/exercise-media';
import { useClientDayProgram } from '../../../features/programs/hooks/use-client-day-program';
import { SessionRunner } from '../../../features/session/components/session-runner';
import type { TSessionEntry, TSessionSaveResult, TSessionServices } from '../../../features/session/types';

interface ClientSessionProps {
  program: TProgram;
  date: string;
  /** The program's accordion view for the same day. */
  viewHref: string;
  onMediaError: () => void;
}

/**
 * The session's data and the pieces it borrows: the day's program (as it was on a past day), the day's entries,
 * saving (online or kept on the phone), the exercise's media and the feedback's photo or video field.
 */
export function ClientSession({ program, date, viewHref, onMediaError }: ClientSessionProps) {
  const day = useClientDayProgram(program, date);
  const shown = day.program;
  const { feedback, byExercise } = useDayFeedbackByExercise(program.id, date, day.prescribed);
  const save = useSaveFeedback();
  const { celebrate, toast } = useCelebration();
  const { mutateAsync } = save;
  const { t } = useLingui();

  const saveEntry = useCallback(
    async (entry: TSessionEntry): Promise<TSessionSaveResult> => {
      try {
        const outcome = await mutateAsync({
          program: program.id,
          exercise: entry.exercise.id,
          date,
          effort: entry.effort,
          pain: entry.pain,
          feeling: entry.feeling,
          media: entry.media,
          signal: entry.signal,
          onProgress: entry.onProgress ? (p) => entry.onProgress?.(p.percent) : undefined,
        });
        if (outcome.queued) return { status: 'queued', text: OFFLINE_SAVED_TEXT };
        celebrate();
        return { status: 'saved' };
      } catch (error) {
        return {
          status: 'failed',
          message: isAbortError(error)
            ? t`Upload cancelled. Nothing was saved.`
            : feedbackErrorMessage(error),
        };
      }
    },
    [mutateAsync, program.id, date, celebrate, t],
  );

  const services = useMemo<TSessionServices>(
    () => ({
      save: saveEntry,
      renderMedia: (exercise: TExercise) => (
        <ExerciseMedia exercise={exercise} onMediaError={onMediaError} className="session-media-frame" />
      ),
      EffortField: EffortPicker,
      PainField: PainPicker,
      renderMediaInput: (field) => <PhotoVideoInput {...field} hasCurrent={false} compact />,
    }),
    [saveEntry, onMediaError],
  );

  const saved = useMemo(
    () =>
      new Map([...byExercise].map(([id, entry]) => [id, { effort: entry.effort_rating, pain: entry.pain }])),
    [byExercise],
  );

  const notice =
    day.notice ??
    (shown && shown.exercises.length === 0 ? t`No exercises have been added to this program yet.` : null);

  if (shown === null || (!notice && feedback.isPending))
    return <LoadingText text={t`Loading program details...`} />;
  if (notice) {
    const programName = shown.name;
    return (
      <>
        <title>{t`${programName} | Home Exercise Program`}</title>
        <h1 className="h2 mb-3 text-break">{shown.name}</h1>
        <p className="card card-body mb-3">{notice}</p>
        <Link to={viewHref} className="btn btn-outline-primary btn-lg">
          <Trans>See all exercises</Trans>
        </Link>
      </>
    );
  }
  return (
    <SessionRunner
      programId={program.id}
      date={date}
      exercises={shown.exercises}
      saved={saved}
      allExercisesHref={viewHref}
      services={services}
      banner={(finished) => <CompletionToast {...toast} placement={finished ? 'inline' : 'compact'} />}
    />
  );
}
