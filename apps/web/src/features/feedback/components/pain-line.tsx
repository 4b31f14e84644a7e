import { Trans } from '@lingui/react/macro';
import { PAIN_MAX } from '@hep/shared/domain/pain';

/** "Pain 6 of 10" on a feedback card (docs/product/feedback-and-progress.md#pain); nothing when none was given. */
export function PainLine({ pain }: { pain: number | null }) {
  if (pain === null) return null;
  return (
    <p className="fw-semibold">
      <Trans>
        Pain {pain} of {PAIN_MAX}
      </Trans>
    </p>
  );
}
