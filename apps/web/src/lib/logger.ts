import type { TLogRecord } from '@hep/shared/schemas/auth';
import { LIMITS } from '@hep/shared/limits';
import { apiFetch } from './api-client';
import { getCorrelationId } from './correlation-id';

/** Sends a record to POST /api/logs/ (open before sign-in too). Never throws: logging must not break a page. */
export function sendLog(record: Pick<TLogRecord, 'level' | 'message'> & Partial<TLogRecord>): void {
  const body: TLogRecord = {
    timestamp: new Date().toISOString(),
    correlation_id: getCorrelationId(),
    application: 'web',
    url: window.location.href.slice(0, 2000),
    ...record,
    message: record.message.slice(0, LIMITS.logMessageMaxLength),
    ...(record.error !== undefined ? { error: record.error.slice(0, LIMITS.logMessageMaxLength) } : {}),
  };
  apiFetch('/logs/', { method: 'POST', body, auth: false }).catch(() => undefined);
}

function describe(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  return String(reason);
}

/** Reports uncaught errors and unhandled promise rejections to the server log. */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (event) => {
    sendLog({ level: 'error', message: 'Uncaught error', error: describe(event.error ?? event.message) });
  });
  window.addEventListener('unhandledrejection', (event) => {
    sendLog({ level: 'error', message: 'Unhandled promise rejection', error: describe(event.reason) });
  });
}
