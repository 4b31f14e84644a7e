import { MEDIA_MAX_BYTES } from '@hep/shared/schemas/programs';
import { MESSAGES } from '@hep/shared/messages';

interface MediaRule {
  /** The MIME types taken, lower case. */
  mimeTypes: readonly string[];
  /** The file name extensions taken when the browser gives no MIME type, lower case, no dot. */
  extensions: readonly string[];
  /** The message for a file of another type. */
  invalidType: string;
}

/**
 * The quick check of a chosen photo or video before sending (docs/product/programs-and-exercises.md#media): the
 * browser's MIME type when it gives one, else the file name's extension; then the 50 MB limit. The server checks the
 * bytes themselves. Returns the message to show, or null.
 */
export function checkMediaFile(file: Pick<File, 'name' | 'type' | 'size'>, rule: MediaRule): string | null {
  const mime = file.type.toLowerCase();
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeOk =
    mime && mime !== 'application/octet-stream'
      ? rule.mimeTypes.includes(mime)
      : rule.extensions.includes(extension);
  if (!typeOk) return rule.invalidType;
  if (file.size > MEDIA_MAX_BYTES) return MESSAGES.fileTooLarge;
  return null;
}

/** A file size for people: "850 KB", "12.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
