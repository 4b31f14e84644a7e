import '../../../features/staff/components/staff.css';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { ArrowClockwise, Database } from 'react-bootstrap-icons';
import { Link } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { PageTitle } from '../../../components/ui/page-title';
import { useTestServerStatus } from '../../../features/staff/api/get-test-server-status';
import { useRefreshTestDatabase } from '../../../features/staff/api/refresh-test-database';
import { FormResult } from '../../../components/ui/form-result';
import {
  TestServerStatusBadge,
  type TServerState,
} from '../../../features/staff/components/test-server-status-badge';

export const NOT_CONFIGURED =
  'No test server is configured. Set TEST_SERVER_URL on the server to check its status.';
export const REFRESH_NOT_CONFIGURED =
  'Updating the test database is not set up. Set TEST_SERVER_REFRESH_URL and TEST_SERVER_REFRESH_TOKEN on the server.';
export const STATUS_CHECK_FAILED = 'Could not check the test server. Please try again.';

/** /configure-test-server (staff): is the test site up, and refresh its database (the server holds the token). */
export function ConfigureTestServerPage() {
  const status = useTestServerStatus();
  const update = useRefreshTestDatabase();

  const state: TServerState = status.isFetching ? 'checking' : status.data?.online ? 'online' : 'offline';
  const configured = status.data?.configured ?? true;
  const canUpdate = state === 'online' && status.data?.can_refresh === true && !update.isPending;

  return (
    <section className="page-narrow">
      <PageTitle title="Configure Test Server" />
      <div className="card mb-4">
        <div className="card-body">
          <h2 className="h4 mb-3">Test server status</h2>
          <p className="d-flex align-items-center gap-2 mb-3" aria-live="polite">
            <span className="fw-semibold">Status:</span>
            <TestServerStatusBadge state={state} />
          </p>
          {!status.isFetching && !configured ? <Alert variant="info">{NOT_CONFIGURED}</Alert> : null}
          {!status.isFetching && status.isError ? (
            <Alert variant="danger" role="alert">
              {STATUS_CHECK_FAILED}
            </Alert>
          ) : null}
          <Button
            variant="outline-primary"
            onClick={() => void status.refetch()}
            disabled={status.isFetching}
          >
            <ArrowClockwise aria-hidden="true" />
            Refresh Status
          </Button>
        </div>
      </div>

      <div className="card mb-4">
        <div className="card-body">
          <h2 className="h4 mb-3">Test database</h2>
          <p>
            Update Test Database replaces the test server&apos;s data with a fresh copy. The refresh takes
            about 3-5 minutes, and you&apos;ll receive an email when it is complete.
          </p>
          {state === 'online' && status.data?.can_refresh === false ? (
            <Alert variant="info">{REFRESH_NOT_CONFIGURED}</Alert>
          ) : null}
          {configured && state === 'offline' ? (
            <p className="text-body-secondary">The test server must be online to update its database.</p>
          ) : null}
          <Button variant="primary" onClick={() => update.mutate()} disabled={!canUpdate}>
            <Database aria-hidden="true" />
            {update.isPending ? 'Triggering update...' : 'Update Test Database'}
          </Button>
          <FormResult
            result={
              update.isSuccess
                ? { kind: 'success', text: MESSAGES.testDbUpdateTriggered }
                : update.isError
                  ? { kind: 'error', text: MESSAGES.testDbUpdateFailed }
                  : null
            }
          />
        </div>
      </div>

      <p>
        User IDs for the test server are listed on <Link to="/manage">Manage Users</Link>.
      </p>
    </section>
  );
}
