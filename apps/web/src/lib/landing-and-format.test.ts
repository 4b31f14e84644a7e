import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { ADHERENCE_LAST_7_LABEL, adherencePercent } from './adherence-words';
import { formatShortDate, toTimeInputValue } from './format';
import { landingPath } from './landing-path';

describe('formatting', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('shows dates as dd/MM/yyyy and nothing for a missing or bad date', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    expect(formatShortDate('1958-03-14')).toBe('14/03/1958');
    expect(formatShortDate(null)).toBeNull();
    expect(formatShortDate('not a date')).toBeNull();
  });

  it('shows dates and percentages in the active language', () => {
    i18n.loadAndActivate({ locale: 'zh-Hans', messages: {} });
    expect(formatShortDate('1958-03-14')).toBe('1958/03/14');
    i18n.loadAndActivate({ locale: 'es', messages: {} });
    expect(formatShortDate('1958-03-14')).toBe('14/03/1958');
    // No catalog loaded here: the English words, with Spanish's own percent form.
    expect(adherencePercent(0.8)).toBe('80\u00a0% done');
  });

  it('words adherence as the rows and cards show it', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    expect(adherencePercent(2 / 3)).toBe('67% done');
    expect(adherencePercent(null)).toBeNull();
    expect(i18n._(ADHERENCE_LAST_7_LABEL)).toBe('Last 7 days');
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
