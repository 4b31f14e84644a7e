import { useState } from 'react';
import { PersonPlus } from 'react-bootstrap-icons';
import { Trans } from '@lingui/react/macro';
import { CarersList } from './carers-list';
import { InviteCarerForm } from './invite-carer-form';

/**
 * The care team's view of a client's carers, on the client page (docs/product/carers.md#web): who helps, with what
 * access and until when, and Add a carer.
 */
export function ClientCarers({ clientId }: { clientId: number }) {
  const [adding, setAdding] = useState(false);
  const [done, setDone] = useState('');
  return (
    <section className="mt-4" aria-labelledby="client-carers-title">
      <h2 id="client-carers-title" className="h4">
        <Trans>Carers</Trans>
      </h2>
      <div role="status">{done ? <p>{done}</p> : null}</div>
      {adding ? (
        <InviteCarerForm
          clientId={clientId}
          onDone={(message) => {
            setDone(message);
            setAdding(false);
          }}
        />
      ) : (
        <button
          type="button"
          className="btn btn-outline-primary mb-3 d-inline-flex align-items-center gap-2"
          onClick={() => {
            setDone('');
            setAdding(true);
          }}
        >
          <PersonPlus aria-hidden="true" />
          <Trans>Add a carer</Trans>
        </button>
      )}
      <CarersList clientId={clientId} editable />
    </section>
  );
}
