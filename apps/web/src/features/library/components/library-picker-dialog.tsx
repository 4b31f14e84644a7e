import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { CheckLg, PlusLg } from 'react-bootstrap-icons';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TLibraryExercise } from '@hep/shared/schemas/library';
import { useLibrarySearch } from '../hooks/use-library-search';
import { LibraryResults } from './library-results';
import { LibrarySearchFields } from './library-search-fields';
import './library.css';
import { ModalHeader } from '../../../components/ui/modal-header';

export interface LibraryPickerDialogProps {
  show: boolean;
  onHide: () => void;
  /** Called once per exercise added; the dialog stays open for more. */
  onAdd: (item: TLibraryExercise) => void;
}

/**
 * Add from library (docs/product/library-and-templates.md#add-from-library): search as you type, filter by tag, add
 * as many exercises as needed, then Done. Focus starts in the search box; Escape closes; each Add says "Added" and
 * the count shows on Done.
 */
export function LibraryPickerDialog({ show, onHide, onAdd }: LibraryPickerDialogProps) {
  const search = useLibrarySearch();
  const inputRef = useRef<HTMLInputElement>(null);
  const [added, setAdded] = useState<TLibraryExercise[]>([]);
  const addedIds = new Set(added.map((item) => item.id));
  const last = added.at(-1);
  const { t } = useLingui();
  const lastName = last?.name ?? '';
  const count = added.length;

  const add = (item: TLibraryExercise) => {
    // Not disabled once added (a disabled button drops the keyboard's focus): a second press does nothing.
    if (addedIds.has(item.id)) return;
    setAdded((current) => [...current, item]);
    onAdd(item);
  };

  return (
    <Modal
      show={show}
      onHide={onHide}
      onEntered={() => inputRef.current?.focus()}
      onExited={() => setAdded([])}
      size="lg"
      fullscreen="sm-down"
      scrollable
      aria-labelledby="library-picker-title"
    >
      <ModalHeader closeButton>
        <Modal.Title id="library-picker-title" as="h2" className="h4">
          <Trans>Add from library</Trans>
        </Modal.Title>
      </ModalHeader>
      <Modal.Body>
        <div className="library-picker-search">
          <LibrarySearchFields id="library-picker" search={search} inputRef={inputRef} />
        </div>
        <LibraryResults
          search={search}
          variant="picker"
          actions={(item) => {
            const done = addedIds.has(item.id);
            const name = item.name;
            return (
              <Button
                variant={done ? 'success' : 'primary'}
                className="library-add"
                aria-disabled={done || undefined}
                onClick={() => add(item)}
              >
                {done ? <CheckLg aria-hidden="true" /> : <PlusLg aria-hidden="true" />}
                {done ? (
                  <Trans>
                    Added<span className="visually-hidden"> {name}</span>
                  </Trans>
                ) : (
                  <Trans>
                    Add<span className="visually-hidden"> {name}</span>
                  </Trans>
                )}
              </Button>
            );
          }}
        />
      </Modal.Body>
      <Modal.Footer className="library-picker-footer">
        <p className="visually-hidden" aria-live="polite">
          {last
            ? t`${lastName} added. ${plural(count, { one: '# exercise', other: '# exercises' })} added so far.`
            : ''}
        </p>
        <Button variant="primary" size="lg" className="library-done" onClick={onHide}>
          {count > 0
            ? t`Done · ${plural(count, { one: '# exercise', other: '# exercises' })} added`
            : t`Done`}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
