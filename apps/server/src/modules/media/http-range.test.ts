import { describe, expect, it } from 'vitest';
import { parseRange } from './http-range';

describe('parseRange', () => {
  it('serves the whole file without a bytes range, or for several ranges', () => {
    for (const header of [undefined, '', 'items=0-5', 'bytes=0-1,5-6']) {
      expect(parseRange(header, 100)).toEqual({ kind: 'whole' });
    }
  });

  it('resolves first-last, open-ended and suffix ranges against the size', () => {
    expect(parseRange('bytes=0-0', 100)).toEqual({ kind: 'part', start: 0, end: 0 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ kind: 'part', start: 10, end: 19 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ kind: 'part', start: 50, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'part', start: 0, end: 99 });
    expect(parseRange(' bytes = 1-2', 100)).toEqual({ kind: 'part', start: 1, end: 2 });
  });

  it('cannot satisfy a range past the end, a reversed or malformed one, or any range of an empty file', () => {
    for (const header of ['bytes=100-', 'bytes=5-4', 'bytes=-0', 'bytes=-', 'bytes=a-b', 'bytes=1-2-3']) {
      expect(parseRange(header, 100), header).toEqual({ kind: 'unsatisfiable' });
    }
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
