import './helping-banner.css';
import { Link } from 'react-router';
import { PeopleFill } from 'react-bootstrap-icons';
import { Trans } from '@lingui/react/macro';
import { useHelpingClient } from '../helping-client';

/** Above every page a carer opens for a client: whose exercises these are (docs/product/carers.md#web). */
export function HelpingBanner() {
  const client = useHelpingClient();
  if (!client) return null;
  const name = client.firstName;
  return (
    <section className="helping-banner" aria-labelledby="helping-banner-text">
      <div className="container d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span id="helping-banner-text" className="fw-semibold">
          <PeopleFill aria-hidden="true" className="me-2" />
          <Trans>You are helping {name}.</Trans>
        </span>
        <Link to="/helping" className="link-light">
          <Trans>Who I help</Trans>
        </Link>
      </div>
    </section>
  );
}
