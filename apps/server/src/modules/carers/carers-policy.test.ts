import { describe, expect, it } from 'vitest';
import { linkDay } from './carers.policy';

describe('the day a carer link is checked on', () => {
  it('is the UTC date, and moves to the next at midnight UTC and back for an earlier instant', () => {
    expect(linkDay(new Date('2026-11-28T23:59:59.999Z'))).toBe('2026-11-28');
    expect(linkDay(new Date('2026-11-29T00:00:00.000Z'))).toBe('2026-11-29');
    expect(linkDay(new Date('2026-11-29T13:30:00.000Z'))).toBe('2026-11-29');
    expect(linkDay(new Date('2026-11-28T00:00:00.000Z'))).toBe('2026-11-28');
    // Not UTC+14's date, nor UTC-12's: the same day for every client.
    expect(linkDay(new Date('2026-12-31T23:00:00.000-12:00'))).toBe('2027-01-01');
    expect(linkDay(new Date('2027-01-01T05:00:00.000+14:00'))).toBe('2026-12-31');
  });
});
