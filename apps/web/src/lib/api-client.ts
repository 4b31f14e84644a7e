import type { TRefreshResponse } from '@hep/shared/schemas/auth';
import { ApiError, networkError } from './api-error';
import { activeLanguage } from './i18n/active-language';
import { PSEUDO } from './i18n/languages';
import { getCorrelationId, setCorrelationId } from './correlation-id';
import { clearSession, getAccessToken, setAccessToken } from './session';

// The one HTTP client of the web app: JSON calls go through fetch, uploads through XMLHttpRequest (fetch cannot
// report upload progress). Both carry the same headers and follow the same refresh-once rule, written once below.

const API_BASE = '/api';

interface CallOptions {
  /** Send the bearer token and refresh it once on a 401 (default true). Auth paths set false. */
  auth?: boolean;
  /** On a 401 that a refresh cannot fix, end the session (default true). */
  endSessionOn401?: boolean;
  /** Aborting cancels the call; the promise then rejects with a DOMException named AbortError. */
  signal?: AbortSignal;
}

export interface ApiRequest extends CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Extra request headers, e.g. an `Idempotency-Key`. */
  headers?: Record<string, string>;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0-100, whole numbers. */
  percent: number;
}

export interface UploadRequest extends CallOptions {
  method: 'POST' | 'PUT';
  body: FormData;
  /** Extra request headers, e.g. an `Idempotency-Key` that makes sending the same save again safe. */
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
}

/** What came back: the status and the parsed JSON body (null when empty or not JSON). */
interface Answer {
  status: number;
  body: unknown;
}

/** Whether a call got no answer at all (offline, connection lost): status 0, not an HTTP answer. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** Whether a call failed because it was cancelled (an aborted signal), not because of the server. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Accept, the page's language (the server answers a signed-out page's errors in it), the correlation id and, unless
 * `auth` is false, the bearer token: every request carries these.
 */
function commonHeaders(auth: boolean | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': activeLanguage() === PSEUDO ? 'en' : activeLanguage(),
    'X-Correlation-ID': getCorrelationId(),
  };
  const token = auth === false ? null : getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function sendFetch(path: string, request: ApiRequest): Promise<Answer> {
  const headers = new Headers({ ...request.headers, ...commonHeaders(request.auth) });
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) {
    body = request.body;
  } else if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: request.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: request.signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw networkError();
  }
  setCorrelationId(response.headers.get('X-Correlation-ID'));
  return { status: response.status, body: parseJson(await response.text()) };
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

function sendXhr(path: string, request: UploadRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, `${API_BASE}${path}`);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries({ ...request.headers, ...commonHeaders(request.auth) }))
      xhr.setRequestHeader(name, value);

    const onAbortSignal = () => xhr.abort();
    const cleanUp = () => signal?.removeEventListener('abort', onAbortSignal);
    signal?.addEventListener('abort', onAbortSignal);

    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || !request.onProgress) return;
      request.onProgress({
        loaded: event.loaded,
        total: event.total,
        percent: event.total > 0 ? Math.min(100, Math.floor((event.loaded / event.total) * 100)) : 0,
      });
    };
    xhr.onload = () => {
      cleanUp();
      setCorrelationId(xhr.getResponseHeader('X-Correlation-ID'));
      resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    };
    xhr.onerror = () => {
      cleanUp();
      reject(networkError());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      cleanUp();
      reject(abortError());
    };
    xhr.send(request.body);
  });
}

let refreshing: Promise<boolean> | null = null;

/**
 * Gets a new access token with the HttpOnly refresh cookie. Concurrent callers share one request, so that
 * several 401s at once cause a single refresh (the server rotates the refresh token on every use).
 */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const answer = await sendFetch('/token/refresh/', { method: 'POST', body: {}, auth: false });
      if (answer.status < 200 || answer.status >= 300) return false;
      const body = answer.body as Partial<TRefreshResponse> | null;
      if (!body?.access) return false;
      setAccessToken(body.access);
      return true;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * Sends a request (by `send`), refreshing the access token once on a 401 and sending again; resolves with the
 * parsed JSON body (undefined for 204), rejects with ApiError (status 0 for a network failure).
 */
async function call<T>(
  send: () => Promise<Answer>,
  options: CallOptions,
  beforeRetry?: () => void,
): Promise<T> {
  const useAuth = options.auth !== false;
  const tokenSent = useAuth ? getAccessToken() : null;
  let answer = await send();
  if (answer.status === 401 && useAuth) {
    // Another request may have refreshed already while this one was in flight. A network failure during the
    // refresh propagates as such and keeps the session: only an answered refresh that fails signs out.
    const refreshed = getAccessToken() !== tokenSent || (await refreshAccessToken());
    if (refreshed) {
      beforeRetry?.();
      answer = await send();
    }
    if (answer.status === 401 && options.endSessionOn401 !== false) clearSession('signed-out');
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new ApiError(answer.status, answer.body as ConstructorParameters<typeof ApiError>[1]);
  }
  if (answer.status === 204) return undefined as T;
  return answer.body as T;
}

/** Calls `/api{path}` and returns the parsed JSON body (undefined for 204); throws ApiError on failure. */
export function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return call<T>(() => sendFetch(path, request), request);
}

/**
 * Sends a multipart body to `/api{path}` like apiFetch, reporting upload progress; aborting the signal cancels
 * it (Cancel). A retry after a refresh starts the progress again from 0.
 */
export function apiUpload<T>(path: string, request: UploadRequest): Promise<T> {
  return call<T>(
    () => sendXhr(path, request),
    request,
    () => request.onProgress?.({ loaded: 0, total: 0, percent: 0 }),
  );
}
