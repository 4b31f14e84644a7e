import type { TTestServerStatus } from '@hep/shared/schemas/staff';
import { STAFF_TEXTS } from '@hep/shared/texts/staff';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict } from '../../lib/app-error';

/** How long the status check and the dispatch may take before the test server counts as unreachable. */
const TEST_SERVER_TIMEOUT_MS = 5000;

export const TEST_SERVER_ERRORS = {
  notConfigured: /*i18n*/ 'No test server is configured. Set TEST_SERVER_URL on the server.',
  refreshNotConfigured:
    /*i18n*/ 'Updating the test database is not configured. Set TEST_SERVER_REFRESH_URL and TEST_SERVER_REFRESH_TOKEN on the server.',
  offline: /*i18n*/ 'The test server is offline.',
} as const;

interface Log {
  warn(obj: object, msg: string): void;
}

/** Online when the test site answers at all below 500, within the timeout (a login redirect or a 404 is fine). */
async function isOnline(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'GET',
      redirect: 'manual',
      signal: AbortSignal.timeout(TEST_SERVER_TIMEOUT_MS),
    });
    await res.body?.cancel();
    return res.status < 500;
  } catch {
    return false;
  }
}

export async function getTestServerStatus(ctx: AppContext): Promise<TTestServerStatus> {
  const { TEST_SERVER_URL, TEST_SERVER_REFRESH_URL, TEST_SERVER_REFRESH_TOKEN } = ctx.config;
  if (!TEST_SERVER_URL) return { configured: false, online: false, can_refresh: false };
  const online = await isOnline(TEST_SERVER_URL);
  return {
    configured: true,
    online,
    can_refresh: online && Boolean(TEST_SERVER_REFRESH_URL && TEST_SERVER_REFRESH_TOKEN),
  };
}

/**
 * Starts the workflow that reloads the test database (a workflow dispatch on the testing branch). Runs on the
 * server so the token never reaches a browser; it never appears in an answer or a log line either.
 */
export async function refreshTestDatabase(ctx: AppContext, log: Log): Promise<{ message: string }> {
  const { TEST_SERVER_URL, TEST_SERVER_REFRESH_URL, TEST_SERVER_REFRESH_TOKEN } = ctx.config;
  if (!TEST_SERVER_URL) throw badRequest(TEST_SERVER_ERRORS.notConfigured);
  if (!TEST_SERVER_REFRESH_URL || !TEST_SERVER_REFRESH_TOKEN) {
    throw badRequest(TEST_SERVER_ERRORS.refreshNotConfigured);
  }
  if (!(await isOnline(TEST_SERVER_URL))) throw conflict(TEST_SERVER_ERRORS.offline);
  const failed = () => new AppError(502, 'test_db_update_failed', STAFF_TEXTS.testDbUpdateFailed);
  let res: Response;
  try {
    res = await fetch(TEST_SERVER_REFRESH_URL, {
      method: 'POST',
      redirect: 'error',
      headers: {
        authorization: `Bearer ${TEST_SERVER_REFRESH_TOKEN}`,
        accept: 'application/vnd.github+json',
        'content-type': 'application/json',
        'user-agent': 'home-exercise-program',
      },
      body: JSON.stringify({ ref: 'testing' }),
      signal: AbortSignal.timeout(TEST_SERVER_TIMEOUT_MS * 2),
    });
    await res.body?.cancel();
  } catch (error) {
    // Only the error's kind: its message could echo request details.
    log.warn({ reason: (error as Error).name }, 'test database update could not be dispatched');
    throw failed();
  }
  if (!res.ok) {
    log.warn({ status: res.status }, 'test database update refused');
    throw failed();
  }
  return { message: STAFF_TEXTS.testDbUpdateTriggered };
}
