import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TMessage } from '@hep/shared/schemas/messages';
import { LoadingText } from '../../../components/ui/loading-text';
import { PageTitle } from '../../../components/ui/page-title';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { useHelpingClient } from '../../../features/carers/helping-client';
import { useClientDetails } from '../../../features/clients/api/get-client-details';
import { exerciseQueryOptions } from '../../../features/feedback/api/get-exercise';
import { Conversation } from '../../../features/messages/components/conversation';
import type { MessageAbout } from '../../../features/messages/components/message-composer';
import { parseIsoDate } from '../../../lib/calendar-date';
import { useSession } from '../../../lib/session';

/**
 * The day's exercise a Reply opened the conversation about: `?program=&exercise=&day=` (a feedback entry's Reply);
 * cleared from the address once the writer says the message is not about it.
 */
function useMessageAbout(): { about: MessageAbout | null; clear: () => void } {
  const [params, setParams] = useSearchParams();
  const programId = Number(params.get('program'));
  const exerciseId = Number(params.get('exercise'));
  const day = params.get('day') ?? '';
  const valid = programId > 0 && exerciseId > 0 && parseIsoDate(day) !== null;
  const exercise = useQuery({ ...exerciseQueryOptions(String(exerciseId)), enabled: valid });
  const clear = () => setParams({}, { replace: true });
  if (!valid) return { about: null, clear };
  return {
    about: { program_id: programId, exercise_id: exerciseId, day, name: exercise.data?.name ?? null },
    clear,
  };
}

/**
 * /messages: a client's conversation with their care team (docs/product/messages.md#web); for a carer with full
 * access, the conversation of the client they help (`?client=`, else the one chosen on /helping:
 * docs/product/carers.md#web).
 */
export function MyMessagesPage() {
  const { user } = useSession();
  const { t } = useLingui();
  const { about, clear } = useMessageAbout();
  const [params] = useSearchParams();
  const helping = useHelpingClient();
  if (!user) return null;
  const clientId = user.is_carer ? Number(params.get('client')) || helping?.id : user.id;
  if (!clientId) return <Navigate to="/helping" replace />;
  return (
    <section className="page-narrow">
      <PageTitle title={t`Messages`} />
      <Conversation
        key={clientId}
        clientId={clientId}
        userId={user.id}
        about={about}
        onAboutCleared={clear}
        aboutHref={(message: TMessage) => `/program/${message.program_id}`}
      />
    </section>
  );
}

/** /client/:clientId/messages: the care team's side of a client's conversation. */
export function ClientMessagesPage() {
  const { clientId = '' } = useParams();
  const { user } = useSession();
  const { t } = useLingui();
  const client = useClientDetails(clientId);
  const { about, clear } = useMessageAbout();
  if (!user) return null;
  if (client.isPending) return <LoadingText />;
  if (client.isError)
    return (
      <section className="page-narrow">
        <PageTitle title={t`Messages`} />
        <PlainAlert variant="danger">
          <Trans>Failed to fetch client details</Trans>
        </PlainAlert>
      </section>
    );
  const name = `${client.data.first_name} ${client.data.last_name}`;
  return (
    <section className="page-narrow">
      <Link to={`/client/${clientId}`} className="back-link">
        <Trans>Back to {name}</Trans>
      </Link>
      <PageTitle title={t`Messages with ${name}`} />
      <Conversation
        clientId={Number(clientId)}
        userId={user.id}
        about={about}
        onAboutCleared={clear}
        aboutHref={(message: TMessage) => `/exercise/${message.exercise_id}/feedback`}
      />
    </section>
  );
}
