import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TCarerLink } from '@hep/shared/schemas/carers';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { LoadingText } from '../../../components/ui/loading-text';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { errorMessage } from '../../../lib/api-error';
import { useCarerLinks, useEndCarerLink } from '../api/carer-links';
import { CarerLinkItem } from './carer-link-item';

/**
 * A client's carers with Remove (asked first), and, for the care team, Change access. Removing ends the carer's
 * access to this client at once (docs/product/carers.md#calls).
 */
export function CarersList({ clientId, editable }: { clientId: number; editable: boolean }) {
  const { t } = useLingui();
  const links = useCarerLinks(clientId);
  const end = useEndCarerLink(clientId);
  const [removing, setRemoving] = useState<TCarerLink | null>(null);
  const [done, setDone] = useState('');

  if (links.isPending) return <LoadingText />;
  if (links.isError)
    return (
      <PlainAlert variant="danger">
        <Trans>Carers could not be loaded. Please try again.</Trans>
      </PlainAlert>
    );
  const removingName = removing ? `${removing.carer.first_name} ${removing.carer.last_name}` : '';
  return (
    <>
      <div role="status">{done ? <p>{done}</p> : null}</div>
      {links.data.length === 0 ? (
        <p>
          <Trans>No one helps yet.</Trans>
        </p>
      ) : (
        <ul className="list-unstyled d-grid gap-3" aria-label={t`Carers`}>
          {links.data.map((link) => (
            <CarerLinkItem key={link.id} link={link} editable={editable} onRemove={setRemoving} />
          ))}
        </ul>
      )}
      <ConfirmDeleteDialog
        show={removing !== null}
        id="remove-carer-title"
        title={t`Remove ${removingName}?`}
        action="Remove"
        pending={end.isPending}
        error={
          end.isError ? errorMessage(end.error, t`The carer could not be removed. Please try again.`) : null
        }
        onConfirm={() =>
          removing &&
          end.mutate(removing.id, {
            onSuccess: () => {
              setDone(t`${removingName} can no longer help.`);
              setRemoving(null);
            },
          })
        }
        onHide={() => setRemoving(null)}
        onExited={() => end.reset()}
      >
        <Trans>They will no longer see or record anything for this client. Their own account stays.</Trans>
      </ConfirmDeleteDialog>
    </>
  );
}
