import { describe, expect, it } from 'vitest';
import { VALIDATION_TEXTS } from '../texts/validation';
import { ZUpdateUser } from './users';
import { z } from 'zod';
import {
  hasInvalidText,
  optionalField,
  requiredField,
  ZDateOfBirth,
  ZEmail,
  ZId,
  ZIsoDate,
  ZName,
} from './common';

describe('shared field schemas', () => {
  it('accepts only real calendar dates as yyyy-MM-dd', () => {
    expect(ZIsoDate.safeParse('2024-02-29').success).toBe(true);
    expect(ZIsoDate.safeParse('2023-02-29').success).toBe(false);
    expect(ZIsoDate.safeParse('01/02/2024').success).toBe(false);
    // PostgreSQL has no year 0; such dates must be refused here, not fail in a query.
    expect(ZIsoDate.safeParse('0000-01-01').success).toBe(false);
    expect(ZIsoDate.safeParse('1899-12-31').success).toBe(false);
    expect(ZIsoDate.safeParse('1900-01-01').success).toBe(true);
    // Every month's last day, leap years by the century rules, and the days and months that do not exist.
    const valid = (date: string) => ZIsoDate.safeParse(date).success;
    expect(['2000-02-29', '2026-01-31', '2026-04-30', '2026-12-31', '2999-12-31'].map(valid)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['1900-02-29', '2100-02-29', '2026-04-31', '2026-00-10', '2026-13-01', '2026-01-00', '2026-01-32'].map(
        valid,
      ),
    ).toEqual([false, false, false, false, false, false, false]);
  });

  it('refuses a date of birth in the future, allowing for zones ahead of UTC', () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    expect(ZDateOfBirth.safeParse(inDays(0)).success).toBe(true);
    expect(ZDateOfBirth.safeParse(inDays(1)).success).toBe(true);
    expect(ZDateOfBirth.safeParse(inDays(3)).error?.issues[0]?.message).toBe(
      'A date of birth cannot be in the future.',
    );
  });

  it('accepts ids a PostgreSQL integer can hold', () => {
    expect(ZId.safeParse('2147483647').success).toBe(true);
    expect(ZId.safeParse('2147483648').success).toBe(false);
    expect(ZId.safeParse('0').success).toBe(false);
    expect(ZId.safeParse('abc').error?.issues[0]?.message).toBe('Enter a valid id.');
  });

  it('trims emails and explains a bad one', () => {
    expect(ZEmail.parse('  a@b.co ')).toBe('a@b.co');
    expect(ZEmail.safeParse('nope').error?.issues[0]?.message).toBe('Enter a valid email address.');
    expect(ZEmail.safeParse('').error?.issues[0]?.message).toBe('This field is required.');
  });

  it('treats an empty date of birth on the profile as none', () => {
    const parsed = ZUpdateUser.parse({ email: 'a@b.co', first_name: 'A', last_name: 'B', date_of_birth: '' });
    expect(parsed).toMatchObject({ date_of_birth: null, mobile: '' });
  });
});

describe('text no field may hold', () => {
  it.each([
    ['a NUL character', 'Ja\u0000mie'],
    ['a lone high surrogate', 'Jamie \ud83d'],
    ['a lone low surrogate', '\ude00 Jamie'],
    ['two high surrogates', '\ud83d\ud83d\ude00'],
  ])('is found in %s', (_label, text) => expect(hasInvalidText(text)).toBe(true));

  it.each(['Jamie', 'Zoë 😀', '', 'tab\tand\nnewline'])('is not in %j', (text) =>
    expect(hasInvalidText(text)).toBe(false),
  );

  it('is refused by the name, email and form field schemas with one plain message', () => {
    const form = z.object({ first: requiredField(z.string()), second: optionalField(z.string()) });
    for (const result of [
      ZName.safeParse('Ja\u0000mie'),
      ZEmail.safeParse('ja\u0000mie@example.test'),
      ZEmail.safeParse('\ud800@example.test'),
      form.safeParse({ first: 'a\u0000' }),
      form.safeParse({ first: 'a', second: 'b\udfff' }),
    ]) {
      expect(result.error?.issues.map((i) => i.message)).toEqual([VALIDATION_TEXTS.invalidCharacter]);
    }
    expect(form.parse({ first: 'Zoë 😀', second: '' })).toEqual({ first: 'Zoë 😀' });
  });
});
