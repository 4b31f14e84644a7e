import { type ComponentType, createContext, useContext } from 'react';
import type { ExerciseContentSource } from '../../../lib/exercise-content';

/** What the Add from library dialog is given: it calls `onAdd` once per exercise the therapist adds. */
export interface LibraryPickerDialogProps {
  show: boolean;
  onHide: () => void;
  onAdd: (item: ExerciseContentSource) => void;
}

/**
 * The exercise library as the program form uses it (docs/product/library-and-templates.md#add-from-library): the Add
 * from library dialog and Save to library. The library is its own feature, and features do not import each other, so
 * the page that shows the form provides it; without a provider the form simply has no library buttons.
 */
export interface ProgramFormLibrary {
  /** Loaded on first use (React.lazy), so that the form's chunk stays small. */
  PickerDialog: ComponentType<LibraryPickerDialogProps>;
  /** Saves a program's exercise to the clinic's library; rejects with the API error. */
  saveExercise: (exerciseId: number) => Promise<void>;
}

export const ProgramFormLibraryContext = createContext<ProgramFormLibrary | null>(null);

export const useProgramFormLibrary = () => useContext(ProgramFormLibraryContext);
