import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PencilSquare } from 'react-bootstrap-icons';
import { Trans } from '@lingui/react/macro';
import type { TClientDetails } from '@hep/shared/schemas/clients';
import { PageTitle } from '../../../components/ui/page-title';
import './clients.css';

interface ClientHeaderProps {
  client: TClientDetails;
  /** Move the focus to + Add Program as the page opens: the next step after adding the client. */
  focusAddProgram?: boolean;
}

/** The client page's title ("Last, First") with View/Edit Client Details and + Add Program. */
export function ClientHeader({ client, focusAddProgram = false }: ClientHeaderProps) {
  const addProgram = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // Shown as keyboard focus even after a tap on Activate Client (browsers that know the option): the next step.
    if (focusAddProgram) addProgram.current?.focus({ focusVisible: true } as FocusOptions);
  }, [focusAddProgram]);

  return (
    <>
      <PageTitle title={`${client.last_name}, ${client.first_name}`} className="h2 mb-3 text-break" />
      <div className="d-grid gap-2 d-sm-flex mb-4">
        <Link className="btn btn-outline-primary" to={`/client/edit/${client.id}`}>
          <PencilSquare aria-hidden="true" />
          <Trans>View/Edit Client Details</Trans>
        </Link>
        <Link ref={addProgram} className="btn btn-primary" to={`/program/add/${client.id}`}>
          <Trans>+ Add Program</Trans>
        </Link>
      </div>
    </>
  );
}
