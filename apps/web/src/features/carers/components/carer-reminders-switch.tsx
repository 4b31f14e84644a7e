import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TCarerClient } from '@hep/shared/schemas/carers';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { errorMessage } from '../../../lib/api-error';
import { useSetLinkPreferences } from '../api/my-clients';

/**
 * The carer's choice to get the client's reminders too (docs/product/carers.md#reminders), on their own phone or by
 * mail as their My Details say.
 */
export function CarerRemindersSwitch({ link }: { link: TCarerClient }) {
  const { t } = useLingui();
  const save = useSetLinkPreferences(link.link_id);
  const name = link.client.first_name;
  // Shown switched at once, while the save is on its way (a controlled input that waited for the save's own state
  // would flick back first); then the saved value, which is the old one again if the save failed.
  const [switching, setSwitching] = useState<boolean | null>(null);
  const checked = switching ?? link.receives_reminders;
  const change = (on: boolean) => {
    setSwitching(on);
    save.mutate({ receives_reminders: on }, { onSettled: () => setSwitching(null) });
  };
  return (
    <div className="card mt-4">
      <div className="card-body">
        <div className="form-check form-switch mb-1">
          <input
            id="carer-reminders"
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={checked}
            disabled={save.isPending}
            aria-describedby="carer-reminders-hint"
            onChange={(event) => change(event.target.checked)}
          />
          <label className="form-check-label" htmlFor="carer-reminders">
            <Trans>Remind me when {name} has exercises to do</Trans>
          </label>
        </div>
        <p id="carer-reminders-hint" className="text-body-secondary mb-0">
          <Trans>On this phone or by email, as your notification settings in My Details say.</Trans>
        </p>
        {save.isError ? (
          <PlainAlert variant="danger" className="mt-2 mb-0">
            {errorMessage(save.error, t`Something went wrong on our side. Please try again.`)}
          </PlainAlert>
        ) : null}
      </div>
    </div>
  );
}
