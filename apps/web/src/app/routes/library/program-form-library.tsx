import { lazy, type ReactNode, useMemo } from 'react';
import { useParams } from 'react-router';
import type { TLanguage } from '@hep/shared/languages';
import { localizedExerciseText } from '@hep/shared/domain/localized-exercise-text';
import { useClientDetails } from '../../../features/clients/api/get-client-details';
import { useSaveExerciseToLibrary } from '../../../features/library/api/save-exercise-to-library';
import {
  type LibraryPickerDialogProps,
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
 * The picker, adding each item in the client's language when the item has a translation in it (the starter library
 * has ours: docs/product/library-and-templates.md#translations). The therapist's own text stays as written.
 */
function pickerIn(language: TLanguage) {
  return function LocalizedPickerDialog({ onAdd, ...props }: LibraryPickerDialogProps) {
    return (
      <LibraryPickerDialog
        {...props}
        onAdd={(item) => onAdd({ ...item, ...localizedExerciseText(item, language) })}
      />
    );
  };
}

/**
 * Gives the program form (programs feature) the exercise library (library feature): features do not import each
 * other, so the program pages wrap the form in this. The page's client (every program form's route names it) decides
 * the language library items are added in.
 */
export function ProgramFormLibraryProvider({ children }: { children: ReactNode }) {
  const { mutateAsync } = useSaveExerciseToLibrary();
  const { clientId = '' } = useParams();
  const client = useClientDetails(clientId);
  const language = client.data?.language ?? 'en';
  const library = useMemo<ProgramFormLibrary>(
    () => ({
      PickerDialog: pickerIn(language),
      saveExercise: async (exerciseId) => {
        await mutateAsync(exerciseId);
      },
    }),
    [mutateAsync, language],
  );
  return <ProgramFormLibraryContext value={library}>{children}</ProgramFormLibraryContext>;
}
