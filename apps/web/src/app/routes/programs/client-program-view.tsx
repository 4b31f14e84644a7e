import { useLingui } from '@lingui/react/macro';
import type { TProgram } from '@hep/shared/schemas/programs';
import { LoadingText } from '../../../components/ui/loading-text';
import { CompletionToast } from '../../../features/feedback/components/completion-toast';
import { ExerciseFeedbackForm } from '../../../features/feedback/components/exercise-feedback-form';
import { useCelebration } from '../../../features/feedback/hooks/use-celebration';
import { useDayFeedbackByExercise } from '../../../features/feedback/hooks/use-day-feedback-by-exercise';
import { ClientProgramHeader } from '../../../features/programs/components/view/client-program-header';
import { ExerciseAccordion } from '../../../features/programs/components/view/exercise-accordion';
import { useClientDayProgram } from '../../../features/programs/hooks/use-client-day-program';

interface ClientProgramViewProps {
  program: TProgram;
  /** The exercise day, `yyyy-MM-dd`. */
  date: string;
  onMediaError?: () => void;
}

/**
 * The client's exercise day: a read-only header, the exercises with a completed check, and under each one the
 * completion form. The day's entries come in one call for the whole program. A day the program does not prescribe
 * shows a notice instead of the forms. The server never sends a client a draft.
 */
export function ClientProgramView({ program, date, onMediaError }: ClientProgramViewProps) {
  const day = useClientDayProgram(program, date);
  const shown = day.program;
  const { feedback, byExercise, completedIds } = useDayFeedbackByExercise(program.id, date, day.prescribed);
  const { celebrate, toast } = useCelebration();
  const { notice } = day;
  const { t } = useLingui();

  return (
    <>
      <ClientProgramHeader program={shown ?? program} date={date} />
      {shown === null ? <LoadingText text={t`Loading program details...`} /> : null}
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
      <CompletionToast {...toast} />
    </>
  );
}
