import Badge from 'react-bootstrap/Badge';
import { ArrowRepeat, CheckCircleFill, XCircleFill } from 'react-bootstrap-icons';

export type TServerState = 'checking' | 'online' | 'offline';

const LOOK = {
  checking: { bg: 'secondary', text: 'Checking...', Icon: ArrowRepeat },
  online: { bg: 'success', text: 'Online', Icon: CheckCircleFill },
  offline: { bg: 'danger', text: 'Offline', Icon: XCircleFill },
} as const;

/** Online / Offline / Checking...: said in words, with an icon and a colour as extra cues. */
export function TestServerStatusBadge({ state }: { state: TServerState }) {
  const { bg, text, Icon } = LOOK[state];
  return (
    <Badge bg={bg} className="test-server-badge d-inline-flex align-items-center gap-2">
      <Icon aria-hidden="true" />
      {text}
    </Badge>
  );
}
