import Badge from 'react-bootstrap/Badge';
import { ArrowRepeat, CheckCircleFill, XCircleFill } from 'react-bootstrap-icons';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

export type TServerState = 'checking' | 'online' | 'offline';

const LOOK = {
  checking: { bg: 'secondary', text: msg`Checking...`, Icon: ArrowRepeat },
  online: {
    bg: 'success',
    text: msg({ message: 'Online', comment: 'the test server is up' }),
    Icon: CheckCircleFill,
  },
  offline: {
    bg: 'danger',
    text: msg({ message: 'Offline', comment: 'the test server is down' }),
    Icon: XCircleFill,
  },
} as const;

/** Online / Offline / Checking...: said in words, with an icon and a colour as extra cues. */
export function TestServerStatusBadge({ state }: { state: TServerState }) {
  const { t } = useLingui();
  const { bg, text, Icon } = LOOK[state];
  return (
    <Badge bg={bg} className="test-server-badge d-inline-flex align-items-center gap-2">
      <Icon aria-hidden="true" />
      {t(text)}
    </Badge>
  );
}
