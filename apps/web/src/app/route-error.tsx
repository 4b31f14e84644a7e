import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageTitle } from '../components/ui/page-title';
import { sendLog } from '../lib/logger';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** The errorElement of the router: a calm page with a way home; the technical detail goes to the server log only. */
export function RouteError() {
  const error = useRouteError();
  const detail = describe(error);
  const { t } = useLingui();

  useEffect(() => {
    sendLog({ level: 'error', message: 'Routing error', error: detail });
  }, [detail]);

  return (
    <div className="container py-5" role="alert">
      <PageTitle title={t`Unexpected Application Error!`} />
      <p className="lead">
        <Trans>Sorry, something went wrong while showing this page.</Trans>
      </p>
      {/* A full page load, so that a new version of the app is fetched if that was the cause. */}
      <a className="btn btn-primary" href="/">
        <Trans>Go to the home page</Trans>
      </a>
    </div>
  );
}
