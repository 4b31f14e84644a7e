import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { CheckCircleFill } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TAttentionItem, TAttentionList } from '@hep/shared/schemas/attention';
import { errorMessage } from '../../../lib/api-error';
import { useUnreviewAttention } from '../api/unreview-attention';
import { useUndoWindow } from '../hooks/use-undo-window';
import type { ReviewedEntry } from '../utils/reviewed-rows';

/** The id of a reviewed client's Undo button. */
export function attentionUndoId(clientId: number): string {
  return `attention-undo-${clientId}`;
}

interface ReviewedItemProps {
  entry: ReviewedEntry;
  /** The list with this client back in its place (for the moment before the server's answer). */
  restore: (list: TAttentionList) => TAttentionList;
  /** Undo was pressed: the list gives the focus to the client's Mark reviewed once it is back. */
  onUndoStart: (clientId: number) => void;
  onUndone: (item: TAttentionItem) => void;
  /** Its Undo has taken the focus it was given. */
  onFocused: (clientId: number) => void;
  /** The window is over; `hadFocus`: the focus was inside it, and the list must put it somewhere. */
  onExpire: (clientId: number, hadFocus: boolean) => void;
}

/**
 * A client just marked reviewed, in its place for a few seconds with Undo
 * (docs/product/feedback-and-progress.md#needs-attention). The section's live region says what happened.
 */
export function ReviewedItem(props: ReviewedItemProps) {
  const { entry, restore, onUndoStart, onUndone, onFocused, onExpire } = props;
  const { item, focusUndo } = entry;
  const { t } = useLingui();
  const { name } = item;
  const undo = useUnreviewAttention((input) => onUndone(input.item));
  const itemRef = useRef<HTMLLIElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const windowHandlers = useUndoWindow(
    () => onExpire(item.client_id, itemRef.current?.contains(document.activeElement) ?? false),
    undo.isPending,
  );

  useEffect(() => {
    if (!focusUndo) return;
    undoRef.current?.focus();
    onFocused(item.client_id);
  }, [focusUndo, item.client_id, onFocused]);

  const undoReview = () => {
    if (undo.isPending) return;
    onUndoStart(item.client_id);
    undo.mutate({ item, restore });
  };

  return (
    <li ref={itemRef} className="card attention-item attention-reviewed" {...windowHandlers}>
      <div className="card-body d-flex flex-wrap align-items-center gap-2">
        <p className="mb-0 flex-grow-1 text-break d-flex align-items-baseline gap-2">
          <CheckCircleFill aria-hidden="true" className="attention-reason-icon flex-shrink-0" />
          <span>
            <Trans>
              <strong>{name}</strong>: marked as reviewed.
            </Trans>
          </span>
        </p>
        <Button
          ref={undoRef}
          id={attentionUndoId(item.client_id)}
          variant="outline-primary"
          onClick={undoReview}
          aria-disabled={undo.isPending || undefined}
        >
          {undo.isPending ? (
            <Trans>Undoing…</Trans>
          ) : (
            <Trans>
              Undo<span className="visually-hidden"> for {name}</span>
            </Trans>
          )}
        </Button>
        {undo.isError ? (
          <p role="alert" className="text-danger fw-semibold mb-0 w-100">
            {errorMessage(undo.error, t`This could not be undone. Please try again.`)}
          </p>
        ) : null}
      </div>
    </li>
  );
}
