import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { timeZoneLabel, timeZoneOptions } from './timezones';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

function browserZone(zone: string) {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    timeZone: zone,
  } as Intl.ResolvedDateTimeFormatOptions);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reminder time zones', () => {
  it('offers about 65 real zones, UTC first, with no repeats', () => {
    browserZone('UTC');
    const zones = timeZoneOptions();
    expect(zones[0]).toBe('UTC');
    expect(zones.length).toBeGreaterThanOrEqual(60);
    expect(zones.length).toBeLessThanOrEqual(70);
    expect(new Set(zones).size).toBe(zones.length);
    for (const zone of zones)
      expect(() => new Intl.DateTimeFormat('en-AU', { timeZone: zone })).not.toThrow();
  });

  it("puts the browser's zone right after UTC and says it is this device's", () => {
    browserZone('Europe/Paris');
    const zones = timeZoneOptions();
    expect(zones.slice(0, 2)).toEqual(['UTC', 'Europe/Paris']);
    expect(zones.filter((z) => z === 'Europe/Paris')).toHaveLength(1);
    expect(timeZoneLabel('Europe/Paris')).toBe('Europe/Paris (this device)');
    expect(timeZoneLabel('America/New_York')).toBe('America/New York');
    expect(timeZoneLabel('UTC')).toBe('UTC');

    browserZone('America/Argentina/Ushuaia');
    expect(timeZoneOptions().slice(0, 2)).toEqual(['UTC', 'America/Argentina/Ushuaia']);
  });

  it('keeps a saved zone that is not listed, at the end', () => {
    browserZone('UTC');
    const zones = timeZoneOptions('Asia/Ulaanbaatar', null, 'Australia/Sydney');
    expect(zones.at(-1)).toBe('Asia/Ulaanbaatar');
    expect(zones.filter((z) => z === 'Australia/Sydney')).toHaveLength(1);
  });
});
