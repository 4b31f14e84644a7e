import { describe, expect, it } from 'vitest';
import { formatShortDate, toTimeInputValue } from './format';
import { landingPath } from './landing-path';

describe('formatting', () => {
  it('shows dates as dd/MM/yyyy and nothing for a missing or bad date', () => {
    expect(formatShortDate('1958-03-14')).toBe('14/03/1958');
    expect(formatShortDate(null)).toBeNull();
    expect(formatShortDate('not a date')).toBeNull();
  });

  it('gives a time input HH:mm', () => {
    expect(toTimeInputValue('08:30:00')).toBe('08:30');
    expect(toTimeInputValue(null)).toBe('');
  });
});

describe('landingPath', () => {
  const base = { id: 1, firstName: 'Tara', email: 'tara@example.test', language: null };
  const therapist = { ...base, is_therapist: true, is_staff: false };
  const staff = { ...base, is_therapist: false, is_staff: true };
  it('holds users on the terms until they agree, then sends them home by role', () => {
    expect(landingPath({ user: null, agreed: null })).toBe('/');
    expect(landingPath({ user: therapist, agreed: false })).toBe('/terms');
    expect(landingPath({ user: therapist, agreed: true })).toBe('/clients');
    expect(landingPath({ user: staff, agreed: true })).toBe('/programs');
  });
});
