import { ChatLeftText } from 'react-bootstrap-icons';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import type { TProgram } from '@hep/shared/schemas/programs';
import { ClientFeedbackCard } from '../../../features/feedback/components/client-feedback-card';
import { useDayFeedbackByExercise } from '../../../features/feedback/hooks/use-day-feedback-by-exercise';
import { AdherenceChart } from '../../../features/progress/components/adherence-chart';
import { DaysCompleted } from '../../../features/progress/components/calendar/days-completed';
import { ExerciseAccordion } from '../../../features/programs/components/view/exercise-accordion';
import { TherapistProgramHeader } from '../../../features/programs/components/view/therapist-program-header';
import { useProgramShareDialogs } from '../../../features/templates/components/program-share-dialogs';
import { useMediaRefresh } from '../../../lib/use-media-refresh';

interface TherapistProgramViewProps {
  program: TProgram;
  /** The day viewed, `yyyy-MM-dd`. */
  date: string;
  onMediaError?: () => void;
}

/**
 * The care team's (therapists' and staff's) view of a program: the header, the weekly adherence bars, the month
 * calendar of days completed, then the exercises, each with the day's feedback card and View All Feedback. The
 * day's entries come in one call; a failure to load them is only logged
 * (docs/product/feedback-and-progress.md#feedback-card) and the cards are left out. The route loader fetches the
 * adherence with the program, so that the chart is in place when the page paints and nothing below it moves.
 */
export function TherapistProgramView({ program, date, onMediaError }: TherapistProgramViewProps) {
  const { feedback, byExercise, completedIds } = useDayFeedbackByExercise(program.id, date);
  const onFeedbackMediaError = useMediaRefresh(feedback);
  const share = useProgramShareDialogs();

  return (
    <>
      <TherapistProgramHeader program={program} date={date} moreActions={share.actions} />
      {share.dialogs}
      <AdherenceChart programId={program.id} isDraft={program.is_draft} />
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
              <Trans>View All Feedback</Trans>
            </Link>
          </>
        )}
      />
    </>
  );
}
