import type { TRefreshResponse } from '@hep/shared/schemas/auth';
import { ApiError, networkError } from './api-error';
import { getCorrelationId, setCorrelationId } from './correlation-id';
import { clearSession, getAccessToken, setAccessToken } from './session';

const API_BASE = '/api';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Send the bearer token and refresh it once on a 401 (default true). Auth paths set false. */
  auth?: boolean;
  /** On a 401 that a refresh cannot fix, end the session (default true). */
  endSessionOn401?: boolean;
  signal?: AbortSignal;
}

function buildInit(request: ApiRequest): RequestInit {
  const headers = new Headers({ Accept: 'application/json', 'X-Correlation-ID': getCorrelationId() });
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) {
    body = request.body;
  } else if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }
  const token = request.auth === false ? null : getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return { method: request.method ?? 'GET', headers, body, credentials: 'include', signal: request.signal };
}

async function send(path: string, request: ApiRequest): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, buildInit(request));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  setCorrelationId(response.headers.get('X-Correlation-ID'));
  return response;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Gets a new access token with the HttpOnly refresh cookie. Concurrent callers share one request, so that
 * several 401s at once cause a single refresh (the server rotates the refresh token on every use).
 */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const response = await send('/token/refresh/', { method: 'POST', body: {}, auth: false });
      if (!response.ok) return false;
      const body = (await readJson(response)) as Partial<TRefreshResponse> | null;
      if (!body?.access) return false;
      setAccessToken(body.access);
      return true;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Calls `/api{path}` and returns the parsed JSON body (undefined for 204); throws ApiError on failure. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const useAuth = request.auth !== false;
  const tokenSent = useAuth ? getAccessToken() : null;
  let response = await send(path, request);
  if (response.status === 401 && useAuth) {
    // Another request may have refreshed already while this one was in flight. A network failure during the
    // refresh propagates as such and keeps the session: only an answered refresh that fails signs out.
    const refreshed = getAccessToken() !== tokenSent || (await refreshAccessToken());
    if (refreshed) response = await send(path, request);
    if (response.status === 401 && request.endSessionOn401 !== false) clearSession('signed-out');
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      (await readJson(response)) as ConstructorParameters<typeof ApiError>[1],
    );
  }
  if (response.status === 204) return undefined as T;
  return (await readJson(response)) as T;
}
