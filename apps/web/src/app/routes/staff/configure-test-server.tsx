import '../../../features/staff/components/staff.css';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { ArrowClockwise, Database } from 'react-bootstrap-icons';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageTitle } from '../../../components/ui/page-title';
import { useTestServerStatus } from '../../../features/staff/api/get-test-server-status';
import { useRefreshTestDatabase } from '../../../features/staff/api/refresh-test-database';
import { FormResult } from '../../../components/ui/form-result';
import {
  TestServerStatusBadge,
  type TServerState,
} from '../../../features/staff/components/test-server-status-badge';

/** /configure-test-server (staff): is the test site up, and refresh its database (the server holds the token). */
export function ConfigureTestServerPage() {
  const status = useTestServerStatus();
  const update = useRefreshTestDatabase();
  const { t } = useLingui();

  const state: TServerState = status.isFetching ? 'checking' : status.data?.online ? 'online' : 'offline';
  const configured = status.data?.configured ?? true;
  const canUpdate = state === 'online' && status.data?.can_refresh === true && !update.isPending;

  return (
    <section className="page-narrow">
      <PageTitle title={t`Configure Test Server`} />
      <div className="card mb-4">
        <div className="card-body">
          <h2 className="h4 mb-3">
            <Trans>Test server status</Trans>
          </h2>
          <p className="d-flex align-items-center gap-2 mb-3" aria-live="polite">
            <span className="fw-semibold">
              <Trans>Status:</Trans>
            </span>
            <TestServerStatusBadge state={state} />
          </p>
          {!status.isFetching && !configured ? (
            <Alert variant="info">
              <Trans>
                No test server is configured. Set TEST_SERVER_URL on the server to check its status.
              </Trans>
            </Alert>
          ) : null}
          {!status.isFetching && status.isError ? (
            <Alert variant="danger" role="alert">
              <Trans>Could not check the test server. Please try again.</Trans>
            </Alert>
          ) : null}
          <Button
            variant="outline-primary"
            onClick={() => void status.refetch()}
            disabled={status.isFetching}
          >
            <ArrowClockwise aria-hidden="true" />
            <Trans>Refresh Status</Trans>
          </Button>
        </div>
      </div>

      <div className="card mb-4">
        <div className="card-body">
          <h2 className="h4 mb-3">
            <Trans>Test database</Trans>
          </h2>
          <p>
            <Trans>
              Update Test Database replaces the test server&apos;s data with a fresh copy. The refresh takes
              about 3-5 minutes, and you&apos;ll receive an email when it is complete.
            </Trans>
          </p>
          {state === 'online' && status.data?.can_refresh === false ? (
            <Alert variant="info">
              <Trans>
                Updating the test database is not set up. Set TEST_SERVER_REFRESH_URL and
                TEST_SERVER_REFRESH_TOKEN on the server.
              </Trans>
            </Alert>
          ) : null}
          {configured && state === 'offline' ? (
            <p className="text-body-secondary">
              <Trans>The test server must be online to update its database.</Trans>
            </p>
          ) : null}
          <Button variant="primary" onClick={() => update.mutate()} disabled={!canUpdate}>
            <Database aria-hidden="true" />
            {update.isPending ? <Trans>Triggering update...</Trans> : <Trans>Update Test Database</Trans>}
          </Button>
          <FormResult
            result={
              update.isSuccess
                ? {
                    kind: 'success',
                    text: t`Database update workflow triggered successfully. You'll receive an email when complete.`,
                  }
                : update.isError
                  ? { kind: 'error', text: t`Failed to trigger database update. Please try again later.` }
                  : null
            }
          />
        </div>
      </div>

      <p>
        <Trans>
          User IDs for the test server are listed on <Link to="/manage">Manage Users</Link>.
        </Trans>
      </p>
    </section>
  );
}
