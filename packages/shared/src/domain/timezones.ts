/** An IANA zone the runtime knows; reminders and day statuses compute "today" in it. */
export function isKnownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone's canonical name ("australia/sydney" → "Australia/Sydney"): what is stored, so that the database compares
 * it with pg_timezone_names exactly. Call only on a known zone.
 */
export function canonicalTimezone(zone: string): string {
  return new Intl.DateTimeFormat('en-AU', { timeZone: zone }).resolvedOptions().timeZone;
}
