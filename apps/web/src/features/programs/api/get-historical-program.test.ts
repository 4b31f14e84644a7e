import { describe, expect, it } from 'vitest';
import { endOfDayInstant } from './get-historical-program';

describe('the program as prescribed on a past day', () => {
  it("asks for the program as published at the end of the day, in the browser's zone", () => {
    const instant = new Date(endOfDayInstant('2026-11-20'));
    expect([instant.getFullYear(), instant.getMonth() + 1, instant.getDate()]).toEqual([2026, 11, 20]);
    expect([instant.getHours(), instant.getMinutes(), instant.getSeconds()]).toEqual([23, 59, 59]);
  });
});
