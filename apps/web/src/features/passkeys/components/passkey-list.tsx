import { useState } from 'react';
import { Trash } from 'react-bootstrap-icons';
import type { TPasskey } from '@hep/shared/schemas/passkeys';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { errorMessage } from '../../../lib/api-error';
import { formatShortDate } from '../../../lib/format';
import { useRemovePasskey } from '../api/remove-passkey';

interface PasskeyListProps {
  passkeys: TPasskey[];
  onRemoved: () => void;
}

/** The user's passkeys: where each was made, when, when last used, and Remove (asked first). */
export function PasskeyList({ passkeys, onRemoved }: PasskeyListProps) {
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<TPasskey | null>(null);
  if (passkeys.length === 0) return <p className="mb-0">You have no passkeys yet.</p>;

  return (
    <>
      <ul className="list-group" aria-label="Your passkeys">
        {passkeys.map((passkey) => (
          <li key={passkey.id} className="list-group-item d-flex flex-wrap gap-3 align-items-center">
            <div className="flex-grow-1">
              <div className="fw-semibold">{passkey.name}</div>
              <div className="text-body-secondary">Added {formatShortDate(passkey.created_at)}</div>
              <div className="text-body-secondary">
                {passkey.last_used_at ? `Last used ${formatShortDate(passkey.last_used_at)}` : 'Not used yet'}
              </div>
            </div>
            <button
              type="button"
              className="btn btn-outline-danger"
              onClick={() => setRemoving(passkey)}
              aria-label={`Remove ${passkey.name}`}
            >
              <Trash aria-hidden="true" />
              Remove
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDeleteDialog
        show={removing !== null}
        id="remove-passkey-title"
        title="Remove passkey?"
        action="Remove"
        pending={remove.isPending}
        error={
          remove.isError
            ? errorMessage(remove.error, 'We could not remove the passkey. Please try again.')
            : null
        }
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              onRemoved();
            },
          });
        }}
        onHide={() => setRemoving(null)}
        onExited={() => remove.reset()}
      >
        You will not be able to sign in with &quot;{removing?.name}&quot; any more. You can still log in with
        your email and password.
      </ConfirmDeleteDialog>
    </>
  );
}
