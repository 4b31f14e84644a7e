import { useEffect } from 'react';
import { isApiError } from './api-error';
import { sendLog } from './logger';

/**
 * Reports a failed background load to the server log once per failure
 * (docs/product/feedback-and-progress.md#feedback-card: failures to load existing feedback and calendar statuses are
 * only logged; the page carries on without them).
 */
export function useLogFailure(error: unknown, message: string): void {
  useEffect(() => {
    if (!error) return;
    const status = isApiError(error) ? error.status : undefined;
    sendLog({
      level: 'warn',
      message,
      ...(status !== undefined ? { status } : {}),
      error: error instanceof Error ? error.message : String(error),
    });
  }, [error, message]);
}
