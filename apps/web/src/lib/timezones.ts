/**
 * Time zones offered for reminders. UTC first (the default), then Australia, then the region. The browser's
 * own zone is added when it is not listed. A longer list comes with the notification work.
 */
const ZONES = [
  'UTC',
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Brisbane',
  'Australia/Adelaide',
  'Australia/Darwin',
  'Australia/Perth',
  'Australia/Hobart',
  'Australia/Broken_Hill',
  'Australia/Lord_Howe',
  'Australia/Eucla',
  'Pacific/Auckland',
  'Pacific/Fiji',
  'Pacific/Port_Moresby',
  'Asia/Singapore',
  'Asia/Kuala_Lumpur',
  'Asia/Jakarta',
  'Asia/Manila',
  'Asia/Hong_Kong',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Paris',
  'Europe/Berlin',
  'Africa/Johannesburg',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Toronto',
  'America/Vancouver',
  'Pacific/Honolulu',
];

export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** The zones to offer, including `extra` (e.g. the user's saved zone) and the browser's zone. */
export function timeZoneOptions(...extra: (string | null | undefined)[]): string[] {
  const zones = [...ZONES];
  for (const zone of [browserTimeZone(), ...extra]) {
    if (zone && !zones.includes(zone)) zones.push(zone);
  }
  return zones;
}

export function timeZoneLabel(zone: string): string {
  return zone === 'UTC' ? 'UTC' : zone.replace(/_/g, ' ');
}
