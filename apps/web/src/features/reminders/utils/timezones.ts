import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { browserTimeZone } from './browser-time-zone';

/**
 * Time zones offered for reminders (a fixed list of about 65:
 * docs/product/reminders-and-notifications.md#preferences). UTC first (the default), then Australia and its
 * neighbours, since the clinics are Australian, then the rest of the world from west of Australia round to the
 * Americas. The browser's own zone, and a saved zone not listed, are added at the end.
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
  'Pacific/Noumea',
  'Pacific/Tongatapu',
  'Pacific/Apia',
  'Asia/Singapore',
  'Asia/Kuala_Lumpur',
  'Asia/Jakarta',
  'Asia/Manila',
  'Asia/Hong_Kong',
  'Asia/Shanghai',
  'Asia/Taipei',
  'Asia/Seoul',
  'Asia/Tokyo',
  'Asia/Bangkok',
  'Asia/Ho_Chi_Minh',
  'Asia/Dhaka',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Asia/Karachi',
  'Asia/Dubai',
  'Asia/Riyadh',
  'Asia/Tehran',
  'Asia/Jerusalem',
  'Europe/Istanbul',
  'Europe/Moscow',
  'Europe/Athens',
  'Europe/Helsinki',
  'Europe/Berlin',
  'Europe/Paris',
  'Europe/Rome',
  'Europe/Madrid',
  'Europe/Amsterdam',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Lisbon',
  'Africa/Cairo',
  'Africa/Johannesburg',
  'Africa/Nairobi',
  'Africa/Lagos',
  'America/Sao_Paulo',
  'America/Buenos_Aires',
  'America/Bogota',
  'America/New_York',
  'America/Toronto',
  'America/Chicago',
  'America/Mexico_City',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Vancouver',
  'America/Anchorage',
  'Pacific/Honolulu',
];

/**
 * The zones to offer: UTC, then the browser's own zone (so that most people find theirs at the top), then the
 * list, then `extra` (e.g. a saved zone that is not listed).
 */
export function timeZoneOptions(...extra: (string | null | undefined)[]): string[] {
  const own = browserTimeZone();
  const zones = own && own !== 'UTC' ? ['UTC', own, ...ZONES.slice(1).filter((z) => z !== own)] : [...ZONES];
  for (const zone of extra) {
    if (zone && !zones.includes(zone)) zones.push(zone);
  }
  return zones;
}

/** A zone as the select lists it: its IANA name (not translated), and "(this device)" after the browser's own. */
export function timeZoneLabel(zone: string): string {
  const name = zone === 'UTC' ? 'UTC' : zone.replace(/_/g, ' ');
  return zone !== 'UTC' && zone === browserTimeZone() ? i18n._(msg`${name} (this device)`) : name;
}
