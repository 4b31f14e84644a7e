import { lazy, type ReactNode, useMemo } from 'react';
import { useSaveExerciseToLibrary } from '../../../features/library/api/save-exercise-to-library';
import {
  type ProgramFormLibrary,
  ProgramFormLibraryContext,
} from '../../../features/programs/components/program-form-library';

// Its own chunk: loaded the first time a therapist opens Add from library.
const LibraryPickerDialog = lazy(() =>
  import('../../../features/library/components/library-picker-dialog').then((m) => ({
    default: m.LibraryPickerDialog,
  })),
);

/**
 * Gives the program form (programs feature) the exercise library (library feature): features do not import each
 * other, so the program pages wrap the form in this.
 */
export function ProgramFormLibraryProvider({ children }: { children: ReactNode }) {
  const { mutateAsync } = useSaveExerciseToLibrary();
  const library = useMemo<ProgramFormLibrary>(
    () => ({
      PickerDialog: LibraryPickerDialog,
      saveExercise: async (exerciseId) => {
        await mutateAsync(exerciseId);
      },
    }),
    [mutateAsync],
  );
  return <ProgramFormLibraryContext value={library}>{children}</ProgramFormLibraryContext>;
}
