import type { TAttentionItem, TAttentionList } from '@hep/shared/schemas/attention';

/**
 * A client just marked reviewed, kept in its place with Undo for a few seconds
 * (docs/product/feedback-and-progress.md#needs-attention).
 */
export interface ReviewedEntry {
  item: TAttentionItem;
  /** Its place among the rows on screen when it was marked. */
  position: number;
  /** Whether its Undo takes the focus when it appears (the focus was on Mark reviewed). */
  focusUndo: boolean;
}

export type AttentionRow =
  { kind: 'item'; item: TAttentionItem } | { kind: 'reviewed'; entry: ReviewedEntry };

/**
 * The section's rows: the listed clients, and each client just reviewed back in its place. A reviewed client that
 * is listed again (undone, or a newer reason) shows as listed.
 */
export function attentionRows(items: TAttentionList, reviewed: readonly ReviewedEntry[]): AttentionRow[] {
  const rows: AttentionRow[] = items.map((item) => ({ kind: 'item', item }));
  const listed = new Set(items.map((item) => item.client_id));
  for (const entry of [...reviewed].sort((a, b) => a.position - b.position)) {
    if (!listed.has(entry.item.client_id))
      rows.splice(Math.min(entry.position, rows.length), 0, { kind: 'reviewed', entry });
  }
  return rows;
}

/** The rows up to the `count`th listed client: the reviewed rows among them stay in view. */
export function firstRows(rows: readonly AttentionRow[], count: number): AttentionRow[] {
  const shown: AttentionRow[] = [];
  let listed = 0;
  for (const row of rows) {
    if (row.kind === 'item') {
      if (listed === count) break;
      listed += 1;
    }
    shown.push(row);
  }
  return shown;
}

/** The entries without the client's, the places after it moved up by one (its row is gone). */
export function withoutEntry(reviewed: readonly ReviewedEntry[], clientId: number): ReviewedEntry[] {
  const gone = reviewed.find((entry) => entry.item.client_id === clientId);
  if (!gone) return [...reviewed];
  return reviewed
    .filter((entry) => entry !== gone)
    .map((entry) => (entry.position > gone.position ? { ...entry, position: entry.position - 1 } : entry));
}

/** The list with an undone client back where its reviewed row was, until the server's answer orders it. */
export function restoredList(
  items: TAttentionList,
  reviewed: readonly ReviewedEntry[],
  clientId: number,
): TAttentionList {
  const entry = reviewed.find((e) => e.item.client_id === clientId);
  if (!entry || items.some((item) => item.client_id === clientId)) return items;
  const rows = attentionRows(items, reviewed);
  const before = rows.slice(
    0,
    rows.findIndex((row) => row.kind === 'reviewed' && row.entry === entry),
  );
  const index = before.filter((row) => row.kind === 'item').length;
  return [...items.slice(0, index), entry.item, ...items.slice(index)];
}
