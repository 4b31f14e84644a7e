import { describe, expect, it, vi } from 'vitest';
import { formatBytes, progressLine, throttled } from './backup-progress';

describe('progress in the terminal', () => {
  it('says where a step stands in files, bytes and percent', () => {
    expect(progressLine({ step: 'Copying the database' })).toBe('Copying the database');
    expect(progressLine({ step: 'Copying the database', bytes: { done: 12_345_678 } })).toBe(
      'Copying the database: 12.3 MB',
    );
    expect(
      progressLine({
        step: 'Copying media',
        files: { done: 120, total: 5000 },
        bytes: { done: 1_200_000_000, total: 30_000_000_000 },
      }),
    ).toBe('Copying media: 120 of 5,000 files, 1.20 GB of 30.0 GB (4%)');
    expect(
      progressLine({ step: 'Copying media', files: { done: 0, total: 0 }, bytes: { done: 0, total: 0 } }),
    ).toBe('Copying media: none');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1500)).toBe('1.50 KB');
  });

  it('passes each new step at once and the same step at most once per interval, never losing a step’s last state', () => {
    vi.useFakeTimers();
    try {
      const seen: string[] = [];
      const report = throttled((p) => seen.push(progressLine(p)), 1000);
      report({ step: 'A', files: { done: 0, total: 3 } });
      report({ step: 'A', files: { done: 1, total: 3 } });
      report({ step: 'A', files: { done: 2, total: 3 } });
      vi.advanceTimersByTime(1500);
      report({ step: 'A', files: { done: 3, total: 3 } });
      report({ step: 'B' });
      expect(seen).toEqual(['A: 0 of 3 files', 'A: 3 of 3 files', 'B']);
    } finally {
      vi.useRealTimers();
    }
  });
});
