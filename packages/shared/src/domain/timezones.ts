/** An IANA zone the runtime knows; reminders and day statuses compute "today" in it. */
export function isKnownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
