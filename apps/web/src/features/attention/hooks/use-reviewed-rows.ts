import { useCallback, useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { TAttentionItem, TAttentionList } from '@hep/shared/schemas/attention';
import { attentionNameId, attentionReviewId } from '../components/attention-item';
import { attentionUndoId } from '../components/reviewed-item';
import {
  attentionRows,
  restoredList,
  withoutEntry,
  type AttentionRow,
  type ReviewedEntry,
} from '../utils/reviewed-rows';

/** The id of the element a row offers the focus to: a listed client's name, a reviewed client's Undo. */
const focusIdOf = (row: AttentionRow) =>
  row.kind === 'item' ? attentionNameId(row.item.client_id) : attentionUndoId(row.entry.item.client_id);

/**
 * Needs attention's rows with each client just marked reviewed kept in its place for the Undo window
 * (docs/product/feedback-and-progress.md#needs-attention), and where the focus goes as rows come and go: to Undo
 * when it was on Mark reviewed, back to Mark reviewed after Undo, and to a neighbour (else the heading) when a row
 * holding it leaves.
 */
export function useReviewedRows(items: TAttentionList | undefined, heading: () => HTMLElement | null) {
  const { t } = useLingui();
  const [reviewed, setReviewed] = useState<ReviewedEntry[]>([]);
  const [announcement, setAnnouncement] = useState('');
  // Refs, not state: they change nothing on screen, they only say where the focus goes once the list has changed.
  const starting = useRef(new Map<number, ReviewedEntry>());
  const focusNext = useRef<string | null>(null);
  const undoing = useRef(new Set<number>());

  // A reviewed client listed again (its Undo, or a newer reason) is a listed client: its entry goes.
  const listed = new Set((items ?? []).map((item) => item.client_id));
  const back = reviewed.filter((entry) => listed.has(entry.item.client_id));
  if (back.length > 0) setReviewed(reviewed.filter((entry) => !listed.has(entry.item.client_id)));
  const rows = attentionRows(items ?? [], reviewed);

  useEffect(() => {
    for (const clientId of undoing.current) {
      if (!listed.has(clientId)) continue;
      undoing.current.delete(clientId);
      focusNext.current = attentionReviewId(clientId);
    }
    const id = focusNext.current;
    if (id === null) return;
    focusNext.current = null;
    (document.getElementById(id) ?? heading())?.focus();
  });

  const onReviewStart = (item: TAttentionItem, hadFocus: boolean) => {
    const position = rows.findIndex((row) => row.kind === 'item' && row.item.client_id === item.client_id);
    starting.current.set(item.client_id, { item, position: Math.max(position, 0), focusUndo: hadFocus });
  };
  const onReviewed = useCallback(
    (clientId: number) => {
      const entry = starting.current.get(clientId);
      starting.current.delete(clientId);
      if (!entry) return;
      setReviewed((list) => [...withoutEntry(list, clientId), entry]);
      const name = entry.item.name;
      setAnnouncement(t`${name} marked as reviewed. Undo is there for a few seconds.`);
    },
    [t],
  );
  const onReviewFailed = useCallback((clientId: number) => starting.current.delete(clientId), []);

  const onFocused = useCallback((clientId: number) => {
    setReviewed((list) =>
      list.map((entry) => (entry.item.client_id === clientId ? { ...entry, focusUndo: false } : entry)),
    );
  }, []);
  const onUndoStart = useCallback((clientId: number) => {
    undoing.current.add(clientId);
    setAnnouncement('');
  }, []);
  const onUndone = useCallback(
    (item: TAttentionItem) => {
      const name = item.name;
      setAnnouncement(t`${name} is back in the list.`);
    },
    [t],
  );
  const onExpire = (clientId: number, hadFocus: boolean) => {
    if (hadFocus) {
      const index = rows.findIndex((row) => row.kind === 'reviewed' && row.entry.item.client_id === clientId);
      const neighbour = rows[index + 1] ?? rows[index - 1];
      focusNext.current = neighbour ? focusIdOf(neighbour) : '';
    }
    setReviewed((list) => withoutEntry(list, clientId));
  };
  const restore = (clientId: number) => (list: TAttentionList) => restoredList(list, reviewed, clientId);

  return {
    rows,
    announcement,
    onReviewStart,
    onReviewed,
    onReviewFailed,
    onFocused,
    onUndoStart,
    onUndone,
    onExpire,
    restore,
  };
}
