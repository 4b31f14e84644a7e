import { Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Journals } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadingText } from '../../../components/ui/loading-text';
import { useProgramFormLibrary } from './program-form-library';
import type { ExerciseContentSource } from '../../../lib/exercise-content';

/**
 * Add from library (docs/product/library-and-templates.md#add-from-library): the button under the exercises and its
 * dialog. The dialog's code loads the first time it is opened, so a form that never uses it never downloads it.
 */
export function ProgramFormAddFromLibrary({ onAdd }: { onAdd: (item: ExerciseContentSource) => void }) {
  const library = useProgramFormLibrary();
  const [show, setShow] = useState(false);
  const [used, setUsed] = useState(false);
  const { t } = useLingui();
  if (!library) return null;
  const { PickerDialog } = library;

  return (
    <>
      <Button
        variant="outline-primary"
        className="program-add"
        onClick={() => {
          setUsed(true);
          setShow(true);
        }}
      >
        <Journals aria-hidden="true" />
        <Trans>Add from library</Trans>
      </Button>
      {used ? (
        <Suspense fallback={show ? <LoadingText text={t`Opening the library...`} /> : null}>
          <PickerDialog show={show} onHide={() => setShow(false)} onAdd={onAdd} />
        </Suspense>
      ) : null}
    </>
  );
}
