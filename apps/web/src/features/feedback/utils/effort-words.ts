import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TEffortBand } from '@hep/shared/domain/effort';

/** The words said with each band's emoji, for screen readers. */
export const EFFORT_BAND_TEXT: Record<TEffortBand, MessageDescriptor> = {
  success: msg`Light effort`,
  warning: msg`Moderate effort`,
  danger: msg`Hard effort`,
};
