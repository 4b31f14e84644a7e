/**
 * Password links carry a one-time token in the path (/reset-password/{uid}/{token}) and the link check carries
 * it in the query (?token=); signed media URLs carry their signature (?sig=): none may reach a log.
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  return url
    .replace(/(\/reset-password\/)[^/?#\s]+\/[^/?#\s]+/g, '$1[redacted]')
    .replace(/([?&](?:token|uid|refresh|sig)=)[^&#\s]*/gi, '$1[redacted]');
}
