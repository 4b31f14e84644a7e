import { describe, expect, it } from 'vitest';
import { ZPatchUser } from '../schemas/users';
import { canonicalTimezone, isKnownTimezone } from './timezones';

describe('time zones', () => {
  it('stores a zone under its canonical name, whatever letter case was sent', () => {
    expect(canonicalTimezone('australia/sydney')).toBe('Australia/Sydney');
    expect(ZPatchUser.parse({ notification_timezone: 'EUROPE/london' })).toEqual({
      notification_timezone: 'Europe/London',
    });
  });

  it('refuses a zone the runtime does not know', () => {
    expect(isKnownTimezone('Mars/Olympus')).toBe(false);
    expect(ZPatchUser.safeParse({ notification_timezone: 'Mars/Olympus' }).success).toBe(false);
  });
});
