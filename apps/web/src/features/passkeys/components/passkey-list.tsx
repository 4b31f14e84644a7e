import { useState } from 'react';
import { Trash } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const [removing, setRemoving] = useState<TPasskey | null>(null);
  const removingName = removing?.name;
  if (passkeys.length === 0)
    return (
      <p className="mb-0">
        <Trans>You have no passkeys yet.</Trans>
      </p>
    );

  return (
    <>
      <ul className="list-group" aria-label={t`Your passkeys`}>
        {passkeys.map((passkey) => {
          const { name } = passkey;
          const added = formatShortDate(passkey.created_at);
          const lastUsed = passkey.last_used_at ? formatShortDate(passkey.last_used_at) : null;
          return (
            <li key={passkey.id} className="list-group-item d-flex flex-wrap gap-3 align-items-center">
              <div className="flex-grow-1">
                <div className="fw-semibold">{passkey.name}</div>
                <div className="text-body-secondary">
                  <Trans>Added {added}</Trans>
                </div>
                <div className="text-body-secondary">
                  {lastUsed ? <Trans>Last used {lastUsed}</Trans> : <Trans>Not used yet</Trans>}
                </div>
              </div>
              <button
                type="button"
                className="btn btn-outline-danger"
                onClick={() => setRemoving(passkey)}
                aria-label={t`Remove ${name}`}
              >
                <Trash aria-hidden="true" />
                <Trans>Remove</Trans>
              </button>
            </li>
          );
        })}
      </ul>
      <ConfirmDeleteDialog
        show={removing !== null}
        id="remove-passkey-title"
        title={t`Remove passkey?`}
        action="Remove"
        pending={remove.isPending}
        error={
          remove.isError
            ? errorMessage(remove.error, t`We could not remove the passkey. Please try again.`)
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
        <Trans>
          You will not be able to sign in with &quot;{removingName}&quot; any more. You can still log in with
          your email and password.
        </Trans>
      </ConfirmDeleteDialog>
    </>
  );
}
