import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { PencilFill, PlusLg, Trash } from 'react-bootstrap-icons';
import { Trans } from '@lingui/react/macro';
import type { TLibraryExercise } from '@hep/shared/schemas/library';
import { useLibrarySearch } from '../hooks/use-library-search';
import { LibraryExerciseDialog } from './library-exercise-dialog';
import { LibraryRemoveDialog } from './library-remove-dialog';
import { LibraryResults } from './library-results';
import { LibrarySearchFields } from './library-search-fields';
import './library.css';

type Editing = { show: boolean; item?: TLibraryExercise };
type Removing = { show: boolean; item: TLibraryExercise | null };

/**
 * The Library page's body: Add exercise, the search and tag chips, and every item with its dosage in words. The
 * clinic's own items can be edited and removed; starter items say so and cannot.
 */
export function LibraryBrowser() {
  const search = useLibrarySearch();
  const [editing, setEditing] = useState<Editing>({ show: false });
  const [removing, setRemoving] = useState<Removing>({ show: false, item: null });
  const [message, setMessage] = useState<string | null>(null);

  const done = (text: string) => {
    setMessage(text);
    setEditing((current) => ({ ...current, show: false }));
    setRemoving((current) => ({ ...current, show: false }));
  };

  return (
    <>
      <div className="d-grid d-sm-flex justify-content-sm-end mb-3">
        <Button
          variant="primary"
          className="library-new"
          onClick={() => {
            setMessage(null);
            setEditing({ show: true });
          }}
        >
          <PlusLg aria-hidden="true" />
          <Trans>Add exercise</Trans>
        </Button>
      </div>
      {message ? (
        <Alert variant="success" role="status" dismissible onClose={() => setMessage(null)}>
          {message}
        </Alert>
      ) : null}
      <LibrarySearchFields id="library-page" search={search} />
      <LibraryResults
        search={search}
        variant="page"
        actions={(item) => {
          if (item.starter) return null;
          const name = item.name;
          return (
            <>
              <Button
                variant="outline-primary"
                onClick={() => {
                  setMessage(null);
                  setEditing({ show: true, item });
                }}
              >
                <PencilFill aria-hidden="true" />
                <Trans>
                  Edit<span className="visually-hidden"> {name}</span>
                </Trans>
              </Button>
              <Button
                variant="outline-danger"
                onClick={() => {
                  setMessage(null);
                  setRemoving({ show: true, item });
                }}
              >
                <Trash aria-hidden="true" />
                <Trans>
                  Remove<span className="visually-hidden"> {name}</span>
                </Trans>
              </Button>
            </>
          );
        }}
      />
      <LibraryExerciseDialog
        show={editing.show}
        item={editing.item}
        onClose={() => setEditing((current) => ({ ...current, show: false }))}
        onSaved={done}
      />
      <LibraryRemoveDialog
        show={removing.show}
        item={removing.item}
        onClose={() => setRemoving((current) => ({ ...current, show: false }))}
        onRemoved={done}
      />
    </>
  );
}
