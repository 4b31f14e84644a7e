/**
 * Password links carry a one-time token in the path (/reset-password/{uid}/{token}) and the link check carries
 * it in the query (?token=); signed media URLs carry their signature (?sig=); push subscription calls carry the
 * push endpoint (?endpoint=), which is itself a capability: none may reach a log.
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  return url
    .replace(/(\/reset-password\/)[^/?#\s]+\/[^/?#\s]+/g, '$1[redacted]')
    .replace(/([?&](?:token|uid|refresh|sig|endpoint)=)[^&#\s]*/gi, '$1[redacted]');
}
