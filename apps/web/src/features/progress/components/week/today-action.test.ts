import { describe, expect, it } from 'vitest';
import type { TProgram } from '@hep/shared/schemas/programs';
import { programToOpen, TODAY_ACTION_WORDS, todayAction } from './today-action';
import type { TWeekEntry } from './week-schedule';

const entry = (id: number, status: TWeekEntry['status']): TWeekEntry => ({
  program: { id } as TProgram,
  status,
});

describe("Today's button", () => {
  it('says Start with nothing done, Continue with some, Done with all', () => {
    expect(TODAY_ACTION_WORDS[todayAction('pending')].message).toBe('Start');
    expect(TODAY_ACTION_WORDS[todayAction('in-progress')].message).toBe('Continue');
    expect(TODAY_ACTION_WORDS[todayAction('completed')].message).toBe('Done');
  });

  it('starts when the status did not load: the session finds where to begin', () => {
    expect(todayAction(null)).toBe('start');
  });
});

describe('programToOpen (a reminder)', () => {
  it('opens the one program of today not done yet', () => {
    expect(programToOpen([entry(4, 'pending')])).toBe(4);
    expect(programToOpen([entry(4, 'completed'), entry(5, 'in-progress')])).toBe(5);
    expect(programToOpen([entry(5, null)])).toBe(5);
  });

  it('stays on Today when all is done, nothing is due, or there is a choice', () => {
    expect(programToOpen([entry(4, 'completed')])).toBeNull();
    expect(programToOpen([])).toBeNull();
    expect(programToOpen([entry(4, 'pending'), entry(5, 'in-progress')])).toBeNull();
  });
});
