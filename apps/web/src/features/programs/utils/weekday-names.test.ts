import { describe, expect, it } from 'vitest';
import { weekdayNames } from './weekday-names';

describe('weekdayNames', () => {
  it("names the days in the page's language", () => {
    expect(weekdayNames('en')).toEqual({
      MON: 'Monday',
      TUE: 'Tuesday',
      WED: 'Wednesday',
      THU: 'Thursday',
      FRI: 'Friday',
      SAT: 'Saturday',
      SUN: 'Sunday',
    });
    expect(weekdayNames('es').MON).toBe('lunes');
    expect(weekdayNames('vi').SUN).toBe('Chủ Nhật');
  });
});
