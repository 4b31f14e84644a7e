import { useState } from 'react';
import { BookmarkPlus, CheckLg } from 'react-bootstrap-icons';
import { errorMessage } from '../../../lib/api-error';
import { useProgramFormLibrary } from './program-form-library';

const SAVE_FAILED = 'Could not save to the library. Please try again.';

type SaveState = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; text: string };

/**
 * Save to library (docs/product/library-and-templates.md#add-from-library) for an exercise this program already
 * holds: the server copies the saved exercise (text, dosage, media by reference) into the clinic's library. A new
 * exercise has nothing saved to copy yet, so the form shows no button for it.
 */
export function ProgramFormSaveToLibrary({ exerciseId, position }: { exerciseId: number; position: number }) {
  const library = useProgramFormLibrary();
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  if (!library) return null;

  const save = async () => {
    setState({ kind: 'saving' });
    try {
      await library.saveExercise(exerciseId);
      setState({ kind: 'saved' });
    } catch (error) {
      setState({ kind: 'failed', text: errorMessage(error, SAVE_FAILED) });
    }
  };

  const saved = state.kind === 'saved';
  return (
    <div className="program-save-to-library">
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={state.kind === 'saving' || saved}
        onClick={() => void save()}
      >
        {saved ? <CheckLg aria-hidden="true" /> : <BookmarkPlus aria-hidden="true" />}
        {saved ? 'Saved to library' : state.kind === 'saving' ? 'Saving...' : 'Save to library'}
        <span className="visually-hidden">{` (exercise ${position})`}</span>
      </button>
      <p role="status" className={`mb-0${state.kind === 'failed' ? ' program-save-failed' : ''}`}>
        {saved ? 'Saved. Find it on the Library page.' : state.kind === 'failed' ? state.text : ''}
      </p>
    </div>
  );
}
