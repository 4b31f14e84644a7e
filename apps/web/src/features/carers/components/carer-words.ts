import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TCarerAccess } from '@hep/shared/schemas/carers';

/** What each level lets a carer do, in the words the care team and the client read (docs/product/carers.md#levels). */
export const ACCESS_WORDS: Record<TCarerAccess, { name: MessageDescriptor; what: MessageDescriptor }> = {
  view: { name: msg`View`, what: msg`Sees the programs, feedback and measure results.` },
  log: {
    name: msg`Log`,
    what: msg`Also gives feedback, does the session and answers questionnaires for the client.`,
  },
  full: { name: msg`Full`, what: msg`Also writes and reads messages with the care team.` },
};

const ACTION_WORDS: Record<string, MessageDescriptor> = {
  read: msg`Viewed`,
  create: msg`Added`,
  update: msg`Changed`,
  delete: msg`Removed`,
};

const RECORD_WORDS: Record<string, MessageDescriptor> = {
  user: msg`your details`,
  client: msg`your details`,
  program: msg`a program`,
  exercise: msg`an exercise`,
  feedback: msg`feedback`,
  message: msg`messages`,
  media: msg`a photo or video`,
  measure_assignment: msg`a questionnaire`,
  measure_result: msg`questionnaire answers`,
};

/** One line of the access log, "Viewed a program": known words, else the record's kind as it is. */
export function accessLine(action: string, record: string): string {
  const did = ACTION_WORDS[action];
  const what = RECORD_WORDS[record];
  return `${did ? i18n._(did) : action} ${what ? i18n._(what) : record.replace(/_/g, ' ')}`;
}
