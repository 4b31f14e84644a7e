import { refreshAccessToken } from './api-client';
import { ApiError, networkError } from './api-error';
import { getCorrelationId, setCorrelationId } from './correlation-id';
import { clearSession, getAccessToken } from './session';

const API_BASE = '/api';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0-100, whole numbers. */
  percent: number;
}

export interface UploadRequest {
  method: 'POST' | 'PUT';
  body: FormData;
  /** Aborting cancels the upload; the promise then rejects with a DOMException named AbortError (as fetch does). */
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /** On a 401 that a refresh cannot fix, end the session (default true), as apiFetch does. */
  endSessionOn401?: boolean;
}

interface XhrResult {
  status: number;
  body: unknown;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

// fetch cannot report upload progress, so multipart saves with files go through XMLHttpRequest.
function send(path: string, request: UploadRequest): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Correlation-ID', getCorrelationId());
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

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
      resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
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

/**
 * Sends a multipart body to `/api{path}` with upload progress and cancel, carrying the bearer token and the
 * correlation id like apiFetch; refreshes the access token once on a 401 and sends again. Resolves with the parsed
 * JSON body (undefined for 204); rejects with ApiError (status 0 for a network failure) or an AbortError.
 */
export async function uploadRequest<T>(path: string, request: UploadRequest): Promise<T> {
  const tokenSent = getAccessToken();
  let result = await send(path, request);
  if (result.status === 401) {
    // Another request may have refreshed while this one was uploading.
    const refreshed = getAccessToken() !== tokenSent || (await refreshAccessToken());
    if (refreshed) {
      request.onProgress?.({ loaded: 0, total: 0, percent: 0 });
      result = await send(path, request);
    }
    if (result.status === 401 && request.endSessionOn401 !== false) clearSession('signed-out');
  }
  if (result.status < 200 || result.status >= 300) {
    throw new ApiError(result.status, result.body as ConstructorParameters<typeof ApiError>[1]);
  }
  if (result.status === 204) return undefined as T;
  return result.body as T;
}
