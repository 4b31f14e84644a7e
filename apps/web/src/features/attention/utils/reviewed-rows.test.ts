import { describe, expect, it } from 'vitest';
import type { TAttentionItem } from '@hep/shared/schemas/attention';
import { attentionRows, firstRows, restoredList, withoutEntry, type ReviewedEntry } from './reviewed-rows';

const item = (id: number): TAttentionItem => ({
  client_id: id,
  name: `Client ${id}`,
  reasons: [
    {
      code: 'pain',
      since: '2026-11-24',
      detail: {
        program_id: null,
        program_name: null,
        exercise_id: null,
        exercise_name: null,
        date: null,
        value: 7,
        previous: null,
        days: null,
        instrument: null,
      },
    },
  ],
});
const entry = (id: number, position: number): ReviewedEntry => ({
  item: item(id),
  position,
  focusUndo: false,
});
/** A row as `3` (listed) or `3*` (just reviewed). */
const ids = (rows: ReturnType<typeof attentionRows>) =>
  rows.map((row) => (row.kind === 'item' ? `${row.item.client_id}` : `${row.entry.item.client_id}*`));

describe('attentionRows', () => {
  it('puts each reviewed client back in its place, in the order they were marked in', () => {
    // [1, 2, 3]: 2 marked (place 1), then 1 (place 0).
    expect(ids(attentionRows([item(3)], [entry(2, 1), entry(1, 0)]))).toEqual(['1*', '2*', '3']);
    // [1, 2, 3]: 1 marked (place 0), then 3 (place 2).
    expect(ids(attentionRows([item(2)], [entry(1, 0), entry(3, 2)]))).toEqual(['1*', '2', '3*']);
  });

  it('shows a client listed again (undone, or a newer reason) as listed, once', () => {
    expect(ids(attentionRows([item(1), item(2)], [entry(1, 0)]))).toEqual(['1', '2']);
  });

  it('keeps a place past the end of a shorter list at the end', () => {
    expect(ids(attentionRows([item(1)], [entry(9, 5)]))).toEqual(['1', '9*']);
  });
});

describe('firstRows', () => {
  it('counts listed clients only', () => {
    const rows = attentionRows([item(2), item(3), item(4), item(5)], [entry(1, 0)]);
    expect(ids(firstRows(rows, 3))).toEqual(['1*', '2', '3', '4']);
    expect(ids(firstRows(rows, 0))).toEqual(['1*']);
  });
});

describe('withoutEntry', () => {
  it('moves the places after the gone row up by one', () => {
    const left = withoutEntry([entry(1, 0), entry(3, 2)], 1);
    expect(left).toEqual([entry(3, 1)]);
    expect(ids(attentionRows([item(2)], left))).toEqual(['2', '3*']);
    expect(withoutEntry([entry(1, 0)], 7)).toEqual([entry(1, 0)]);
  });
});

describe('restoredList', () => {
  it('puts an undone client back among the listed ones where its row was', () => {
    const reviewed = [entry(1, 0), entry(3, 2)];
    expect(restoredList([item(2), item(4)], reviewed, 3).map((i) => i.client_id)).toEqual([2, 3, 4]);
    expect(restoredList([item(2), item(4)], reviewed, 1).map((i) => i.client_id)).toEqual([1, 2, 4]);
  });

  it('leaves the list alone when the client is listed or unknown', () => {
    const items = [item(1), item(2)];
    expect(restoredList(items, [entry(1, 0)], 1)).toBe(items);
    expect(restoredList(items, [], 5)).toBe(items);
  });
});
