import type { TAttentionCode } from '@hep/shared/schemas/attention';
import {
  CalendarX,
  Clipboard2Pulse,
  ExclamationOctagonFill,
  ExclamationTriangleFill,
  GraphDownArrow,
  Flag,
  HourglassSplit,
  PersonExclamation,
} from 'react-bootstrap-icons';

/** A shape per kind of reason, to scan the list by; the words beside it carry the meaning. */
export function AttentionReasonIcon({ code }: { code: TAttentionCode }) {
  const props = { 'aria-hidden': true, size: 18, className: 'flex-shrink-0 attention-reason-icon' } as const;
  switch (code) {
    case 'safety':
      return <ExclamationOctagonFill {...props} />;
    case 'pain':
    case 'high_effort':
      return <ExclamationTriangleFill {...props} />;
    case 'missed_streak':
      return <CalendarX {...props} />;
    case 'inactive':
      return <HourglassSplit {...props} />;
    case 'program_ending':
      return <Flag {...props} />;
    case 'not_activated':
      return <PersonExclamation {...props} />;
    case 'measure_due':
      return <Clipboard2Pulse {...props} />;
    case 'measure_worse':
      return <GraphDownArrow {...props} />;
  }
}
