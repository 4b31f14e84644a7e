import { useMemo } from 'react';
import { ChatLeftText } from 'react-bootstrap-icons';
import { Link } from 'react-router';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import type { TProgram } from '@hep/shared/schemas/programs';
import { useDayFeedback } from '../../api/get-day-feedback';
import { useLogFailure } from '../../hooks/use-log-failure';
import { useMediaRefresh } from '../../hooks/use-media-refresh';
import { DaysCompleted } from './calendar/days-completed';
import { ExerciseAccordion } from './exercise-accordion';
import { ClientFeedbackCard } from './feedback/client-feedback-card';
import { TherapistProgramHeader } from './therapist-program-header';

interface TherapistProgramViewProps {
  program: TProgram;
  /** The day viewed, `yyyy-MM-dd`. */
  date: string;
  onMediaError?: () => void;
}

/**
 * The care team's (therapists' and staff's) view of a program: the header, the month calendar of days completed,
 * and the exercises, each with the day's feedback card and View All Feedback. The day's entries come in one call;
 * a failure to load them is only logged (spec section 8) and the cards are left out.
 */
export function TherapistProgramView({ program, date, onMediaError }: TherapistProgramViewProps) {
  const feedback = useDayFeedback(program.id, date);
  useLogFailure(feedback.error, "Failed to load the day's feedback");
  const byExercise = useMemo(
    () => new Map<number, TFeedback>((feedback.data ?? []).map((entry) => [entry.exercise, entry])),
    [feedback.data],
  );
  const completedIds = useMemo(() => new Set(byExercise.keys()), [byExercise]);
  const onFeedbackMediaError = useMediaRefresh(feedback);

  return (
    <>
      <TherapistProgramHeader program={program} date={date} />
      <DaysCompleted programId={program.id} date={date} />
      <ExerciseAccordion
        exercises={program.exercises}
        completedIds={completedIds}
        onMediaError={onMediaError}
        renderExtras={(exercise) => (
          <>
            {feedback.isSuccess ? (
              <ClientFeedbackCard
                exerciseName={exercise.name}
                feedback={byExercise.get(exercise.id) ?? null}
                onMediaError={onFeedbackMediaError}
              />
            ) : null}
            <Link to={`/exercise/${exercise.id}/feedback`} className="btn btn-outline-primary">
              <ChatLeftText aria-hidden="true" />
              View All Feedback
            </Link>
          </>
        )}
      />
    </>
  );
}
