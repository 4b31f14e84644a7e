import { useState } from 'react';
import { BookmarkPlus, CheckLg } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../lib/api-error';
import { useProgramFormLibrary } from './program-form-library';

type SaveState = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; text: string };

/**
 * Save to library (docs/product/library-and-templates.md#add-from-library) for an exercise this program already
 * holds: the server copies the saved exercise (text, dosage, media by reference) into the clinic's library. A new
 * exercise has nothing saved to copy yet, so the form shows no button for it.
 */
export function ProgramFormSaveToLibrary({ exerciseId, position }: { exerciseId: number; position: number }) {
  const library = useProgramFormLibrary();
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const { t } = useLingui();
  if (!library) return null;

  const save = async () => {
    setState({ kind: 'saving' });
    try {
      await library.saveExercise(exerciseId);
      setState({ kind: 'saved' });
    } catch (error) {
      setState({
        kind: 'failed',
        text: errorMessage(error, t`Could not save to the library. Please try again.`),
      });
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
        {saved ? (
          <Trans>Saved to library</Trans>
        ) : state.kind === 'saving' ? (
          <Trans>Saving...</Trans>
        ) : (
          <Trans>Save to library</Trans>
        )}
        <span className="visually-hidden">
          {' '}
          <Trans>(exercise {position})</Trans>
        </span>
      </button>
      <p role="status" className={`mb-0${state.kind === 'failed' ? ' program-save-failed' : ''}`}>
        {saved ? (
          <Trans>Saved. Find it on the Library page.</Trans>
        ) : state.kind === 'failed' ? (
          state.text
        ) : (
          ''
        )}
      </p>
    </div>
  );
}
