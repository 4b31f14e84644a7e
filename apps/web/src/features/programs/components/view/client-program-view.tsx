import type { TProgram } from '@hep/shared/schemas/programs';
import { ClientProgramHeader } from './client-program-header';
import { ExerciseAccordion } from './exercise-accordion';

interface ClientProgramViewProps {
  program: TProgram;
  /** The exercise day, `yyyy-MM-dd`. */
  date: string;
  onMediaError?: () => void;
}

/**
 * The client's exercise day: a read-only header and the exercises. The per-exercise completion form joins the
 * accordion through its `renderExtras`. The server never sends a client a draft.
 */
export function ClientProgramView({ program, date, onMediaError }: ClientProgramViewProps) {
  return (
    <>
      <ClientProgramHeader program={program} date={date} />
      <ExerciseAccordion exercises={program.exercises} onMediaError={onMediaError} />
    </>
  );
}
