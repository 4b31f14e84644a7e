import { useCallback, useMemo, useState } from 'react';
import { isPrescribedOn } from '@hep/shared/domain/day-status';
import { MESSAGES } from '@hep/shared/messages';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import type { TProgram } from '@hep/shared/schemas/programs';
import { LoadingText } from '../../../../components/ui/loading-text';
import { todayIso } from '../../../../lib/format';
import { useDayFeedback } from '../../api/get-day-feedback';
import { useLogFailure } from '../../hooks/use-log-failure';
import { ClientProgramHeader } from './client-program-header';
import { ExerciseAccordion } from './exercise-accordion';
import { fireConfetti, playSuccessSound } from './feedback/celebrate';
import { CompletionToast } from './feedback/completion-toast';
import { ExerciseFeedbackForm } from './feedback/exercise-feedback-form';
import { useClientDayProgram } from './feedback/use-client-day-program';

interface ClientProgramViewProps {
  program: TProgram;
  /** The exercise day, `yyyy-MM-dd`. */
  date: string;
  onMediaError?: () => void;
}

function scheduleOf(program: TProgram) {
  return { startDate: program.start_date, endDate: program.end_date, daysOfWeek: program.days_of_week };
}

/**
 * The client's exercise day: a read-only header, the exercises with a completed check, and under each one the
 * completion form. The day's entries come in one call for the whole program. A day the program does not prescribe
 * shows a notice instead of the forms. The server never sends a client a draft.
 */
export function ClientProgramView({ program, date, onMediaError }: ClientProgramViewProps) {
  const day = useClientDayProgram(program, date);
  const shown = day.program;
  const prescribed = shown !== null && isPrescribedOn(scheduleOf(shown), date);
  // Feedback is taken up to the client's today; the server refuses dates after tomorrow (UTC).
  const upcoming = date > todayIso();
  const feedback = useDayFeedback(program.id, date, prescribed);
  useLogFailure(feedback.error, "Failed to load the day's feedback");
  const [celebration, setCelebration] = useState(0);
  const [toastShown, setToastShown] = useState(false);

  const byExercise = useMemo(
    () => new Map<number, TFeedback>((feedback.data ?? []).map((entry) => [entry.exercise, entry])),
    [feedback.data],
  );
  const completedIds = useMemo(() => new Set(byExercise.keys()), [byExercise]);

  const celebrate = () => {
    playSuccessSound();
    void fireConfetti();
    setCelebration((n) => n + 1);
    setToastShown(true);
  };

  const hideToast = useCallback(() => setToastShown(false), []);

  let notice: string | null = null;
  if (shown && !prescribed) notice = MESSAGES.feedbackNotPrescribed;
  else if (shown && upcoming) notice = MESSAGES.feedbackFutureDay;

  return (
    <>
      <ClientProgramHeader program={shown ?? program} date={date} />
      {shown === null ? <LoadingText text={MESSAGES.programLoading} /> : null}
      {notice ? <p className="card card-body mt-4 mb-0">{notice}</p> : null}
      {shown ? (
        <ExerciseAccordion
          exercises={shown.exercises}
          completedIds={completedIds}
          onMediaError={onMediaError}
          renderExtras={
            notice
              ? undefined
              : (exercise) =>
                  feedback.isPending ? (
                    <LoadingText />
                  ) : (
                    <ExerciseFeedbackForm
                      exercise={exercise}
                      date={date}
                      existing={byExercise.get(exercise.id) ?? null}
                      onCompleted={celebrate}
                    />
                  )
          }
        />
      ) : null}
      <CompletionToast show={toastShown} completion={celebration} onClose={hideToast} />
    </>
  );
}
