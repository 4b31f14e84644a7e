import { ChatLeftText } from 'react-bootstrap-icons';
import { Link } from 'react-router';
import type { TExercise, TProgram } from '@hep/shared/schemas/programs';
import { ExerciseAccordion } from './exercise-accordion';
import { TherapistProgramHeader } from './therapist-program-header';

interface TherapistProgramViewProps {
  program: TProgram;
  /** The day viewed, `yyyy-MM-dd`. */
  date: string;
  onMediaError?: () => void;
}

/**
 * The care team's (therapists' and staff's) view of a program. The month calendar of days completed sits between
 * the header and the exercises, and the day's feedback card joins each exercise's extras.
 */
export function TherapistProgramView({ program, date, onMediaError }: TherapistProgramViewProps) {
  return (
    <>
      <TherapistProgramHeader program={program} date={date} />
      <ExerciseAccordion
        exercises={program.exercises}
        onMediaError={onMediaError}
        renderExtras={(exercise) => <TherapistExerciseExtras exercise={exercise} />}
      />
    </>
  );
}

function TherapistExerciseExtras({ exercise }: { exercise: TExercise }) {
  return (
    <Link to={`/exercise/${exercise.id}/feedback`} className="btn btn-outline-primary">
      <ChatLeftText aria-hidden="true" />
      View All Feedback
    </Link>
  );
}
