import { AppError } from './app-error';

/**
 * True for the errors of a body that is not well-formed multipart (the parser throws plain errors: "Unexpected end
 * of form", "Malformed part header", ...) or of a sender that went away mid-upload: the sender's fault, so a 400,
 * not a 500. Errors that already carry a status (413 for a file too large) keep it.
 */
export function isUnreadableUpload(error: unknown): boolean {
  if (error instanceof AppError || !(error instanceof Error)) return false;
  const { statusCode, code } = error as { statusCode?: number; code?: string };
  if (statusCode !== undefined) return false;
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
  return /unexpected end of (form|multipart)|malformed|boundary|multipart|aborted/i.test(error.message);
}
