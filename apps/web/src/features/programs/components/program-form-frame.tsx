import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { PageTitle } from '../../../components/ui/page-title';

interface ProgramFormFrameProps {
  /** The page's heading (and its title), in the page's language. */
  title: string;
  client: { id: number; first_name: string; last_name: string } | null;
  children: ReactNode;
}

/** The frame of the three program form pages: the title and the client as "Last, First". */
export function ProgramFormFrame({ title, client, children }: ProgramFormFrameProps) {
  return (
    <section className="page-narrow program-form-page">
      <PageTitle title={title} className="h2 mb-1" />
      <p className="lead mb-4">
        {client ? (
          <>
            <span className="text-body-secondary">
              <Trans>Client:</Trans>{' '}
            </span>
            <Link to={`/client/${client.id}`}>{`${client.last_name}, ${client.first_name}`}</Link>
          </>
        ) : (
          '\u00a0'
        )}
      </p>
      {children}
    </section>
  );
}
