import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { daysInWords } from './days-in-words';

const inLanguage = (locale: string) => setupI18n({ locale, messages: { [locale]: {} } });

describe('daysInWords (print)', () => {
  const en = inLanguage('en');

  it('spells the days out Monday first, joined with "and"', () => {
    expect(daysInWords(['FRI', 'MON', 'WED'], en)).toBe('Monday, Wednesday and Friday');
    expect(daysInWords(['TUE'], en)).toBe('Tuesday');
    expect(daysInWords(['SUN', 'SAT'], en)).toBe('Saturday and Sunday');
  });

  it('says every day and no days in words', () => {
    expect(daysInWords(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'], en)).toBe('Every day');
    expect(daysInWords([], en)).toBe('No days set');
  });

  it("names the days and joins them as the page's language does", () => {
    expect(daysInWords(['FRI', 'MON', 'WED'], inLanguage('es'))).toBe('lunes, miércoles y viernes');
    expect(daysInWords(['MON', 'TUE'], inLanguage('zh-Hans'))).toBe('星期一和星期二');
  });
});
