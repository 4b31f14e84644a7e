import { refreshAccessToken } from '../../../lib/api-client';
import { ApiError, networkError } from '../../../lib/api-error';
import { getCorrelationId, setCorrelationId } from '../../../lib/correlation-id';
import { activeLanguage } from '../../../lib/i18n/active-language';
import { PSEUDO } from '../../../lib/i18n/languages';
import { getAccessToken } from '../../../lib/session';

/** The downloaded zip and the name the server gave it. */
export interface DataDownload {
  blob: Blob;
  filename: string;
}

const FALLBACK_NAME = 'my-data.zip';

function filenameOf(response: Response): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? FALLBACK_NAME;
}

function send(signal?: AbortSignal): Promise<Response> {
  const token = getAccessToken();
  return fetch('/api/users/me/export/', {
    headers: {
      Accept: 'application/zip, application/json',
      'Accept-Language': activeLanguage() === PSEUDO ? 'en' : activeLanguage(),
      'X-Correlation-ID': getCorrelationId(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    credentials: 'include',
    signal,
  }).catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  });
}

/**
 * GET /api/users/me/export/ (docs/product/records.md#download-my-data): the caller's data as a zip, read as it
 * streams in so that `onProgress` hears the bytes received so far (the server streams it, so the whole size is not
 * known in advance). Like every call, a 401 refreshes the access token once; a refusal rejects with ApiError.
 */
export async function downloadMyData(options: {
  onProgress?: (bytes: number) => void;
  signal?: AbortSignal;
}): Promise<DataDownload> {
  let response = await send(options.signal);
  if (response.status === 401 && (await refreshAccessToken())) response = await send(options.signal);
  setCorrelationId(response.headers.get('X-Correlation-ID'));
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as ConstructorParameters<typeof ApiError>[1];
    throw new ApiError(response.status, body);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      options.onProgress?.(received);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  return { blob: new Blob(chunks, { type: 'application/zip' }), filename: filenameOf(response) };
}

/** Hands the zip to the browser as a download: an object URL on a temporary link with `download`. */
export function saveDownload({ blob, filename }: DataDownload): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL only after the click's task: let go of it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
