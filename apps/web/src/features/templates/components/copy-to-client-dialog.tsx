import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { ChevronRight } from 'react-bootstrap-icons';
import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TProgram } from '@hep/shared/schemas/programs';
import { LoadingText } from '../../../components/ui/loading-text';
import { formatShortDate } from '../../../lib/format';
import { useClientMatches } from '../api/find-clients';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import './templates.css';
import { ModalHeader } from '../../../components/ui/modal-header';

interface CopyToClientDialogProps {
  /** Kept while the dialog fades out. */
  program: TProgram | null;
  show: boolean;
  onHide: () => void;
}

const SEARCH_PAUSE_MS = 250;
// The first matches are enough to pick from; more letters narrow the list.
const SHOWN = 8;

/**
 * Copy to another client: search the caller's clients, tap one, and the Replicate form opens for that client
 * (exercises and their media come along by reference).
 */
export function CopyToClientDialog({ program, show, onHide }: CopyToClientDialogProps) {
  const navigate = useNavigate();
  const { t } = useLingui();
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim(), SEARCH_PAUSE_MS);
  const clients = useClientMatches(search, show);
  const rows = clients.data?.results.slice(0, SHOWN) ?? [];
  const more = (clients.data?.count ?? 0) - rows.length;
  const programName = program?.name;

  const choose = (clientId: number) => {
    if (!program) return;
    onHide();
    void navigate(`/program/duplicate/${clientId}/${program.id}`);
  };

  return (
    <Modal
      show={show}
      onHide={onHide}
      onEnter={() => setTerm('')}
      centered
      scrollable
      aria-labelledby="copy-title"
    >
      <ModalHeader closeButton>
        <Modal.Title id="copy-title" as="h2" className="h4">
          <Trans>Copy to another client</Trans>
        </Modal.Title>
      </ModalHeader>
      <Modal.Body>
        <p>
          <Trans>
            Choose who gets a copy of <strong>{programName}</strong>. You can change it before you save.
          </Trans>
        </p>
        <form role="search" aria-label={t`Search clients`} onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="copy-client-search" className="form-label fw-semibold">
            <Trans>Find a client</Trans>
          </label>
          <input
            id="copy-client-search"
            type="search"
            className="form-control mb-3"
            value={term}
            autoFocus
            autoComplete="off"
            enterKeyHint="search"
            placeholder={t({ message: 'Name', comment: 'placeholder: search clients by name' })}
            onChange={(event) => setTerm(event.target.value)}
          />
        </form>
        {clients.isPending ? <LoadingText text={t`Loading clients...`} /> : null}
        {clients.isError ? (
          <Alert variant="danger">
            <Trans>Clients could not be loaded. Please try again.</Trans>
          </Alert>
        ) : null}
        {clients.data && rows.length === 0 ? (
          <p className="text-body-secondary">
            <Trans>No client found.</Trans>
          </p>
        ) : null}
        {rows.length > 0 ? (
          <ul className="list-unstyled d-grid gap-2 mb-0" aria-busy={clients.isPlaceholderData || undefined}>
            {rows.map((client) => {
              const born = formatShortDate(client.date_of_birth);
              return (
                <li key={client.id}>
                  <button type="button" className="template-choice" onClick={() => choose(client.id)}>
                    <span className="template-choice-text">
                      <span className="template-choice-name">{`${client.last_name}, ${client.first_name}`}</span>
                      {client.date_of_birth ? (
                        <span className="template-choice-facts">
                          <Trans>Born {born}</Trans>
                        </span>
                      ) : null}
                    </span>
                    <ChevronRight aria-hidden="true" className="flex-shrink-0 flip-rtl" />
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        {more > 0 ? (
          <p className="text-body-secondary mt-2 mb-0">
            <Trans>{more} more. Type more of the name.</Trans>
          </p>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          <Trans>Cancel</Trans>
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
