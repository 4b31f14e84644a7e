import './conversation.css';
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MESSAGE_REMOVE_WINDOW_MS, type TMessage } from '@hep/shared/schemas/messages';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { errorMessage } from '../../../lib/api-error';
import { useMediaRefresh } from '../../../lib/use-media-refresh';
import { useMessages } from '../api/get-messages';
import { useReadMessages, useRemoveMessage, useWaitingMessages } from '../api/send-message';
import { useLiveEvents } from '../hooks/use-live-events';
import { type MessageAbout, MessageComposer } from './message-composer';
import { MessageItem } from './message-item';

interface ConversationProps {
  clientId: number;
  userId: number;
  /** The day's exercise a new message is about (a Reply on a feedback entry), until the writer clears it. */
  about: MessageAbout | null;
  onAboutCleared: () => void;
  /** Where a message's day's exercise opens. */
  aboutHref: (message: TMessage) => string;
}

/**
 * One client's conversation with their care team (docs/product/messages.md#web): the messages oldest first, earlier
 * ones on request, each with who wrote it and when, the emergency line, and a box to write in. What arrives while it
 * is open shows at once (live events), and what it shows counts as read. The client's messages written offline
 * wait at the end until sent.
 */
export function Conversation({ clientId, userId, about, onAboutCleared, aboutHref }: ConversationProps) {
  const { t } = useLingui();
  useLiveEvents();
  const ownConversation = clientId === userId;
  const pages = useMessages(clientId);
  const waiting = useWaitingMessages(clientId, userId, ownConversation);
  const remove = useRemoveMessage(clientId);
  const read = useReadMessages(clientId);
  const onMediaError = useMediaRefresh(pages);
  const [problem, setProblem] = useState<string | null>(null);
  const messages: TMessage[] = (pages.data?.pages ?? []).flatMap((page) => page.results).reverse();
  const waitingMessages = waiting.data ?? [];
  const newest = messages.at(-1)?.id ?? null;

  const { mutate: markRead } = read;
  useEffect(() => {
    if (newest !== null) markRead(newest);
  }, [newest, markRead]);

  const waitingList = waitingMessages.map((entry) => (
    <li key={entry.key} className="conversation-message conversation-message-mine">
      <span className="conversation-meta">
        {entry.refused ? <Trans>Not sent</Trans> : <Trans>Waiting to be sent</Trans>}
      </span>
      {entry.text ? <p className="conversation-text">{entry.text}</p> : null}
      {entry.fileName ? <p className="conversation-text">{entry.fileName}</p> : null}
    </li>
  ));
  const composer = (
    <MessageComposer
      clientId={clientId}
      keepOffline={ownConversation}
      about={about}
      onAboutCleared={onAboutCleared}
    />
  );
  // With no connection (the first read paused) or a failed read, a client can still write: the message waits on the
  // phone.
  const offline = pages.isPending && pages.fetchStatus === 'paused';
  if (pages.isPending && !offline)
    return (
      <p>
        <Trans>Loading...</Trans>
      </p>
    );
  if (offline || pages.isError)
    return (
      <div className="conversation">
        <PlainAlert variant={offline ? 'info' : 'danger'}>
          {offline ? (
            <Trans>You are offline. Messages show again when you are online.</Trans>
          ) : (
            <Trans>Messages could not be loaded. Please try again.</Trans>
          )}
        </PlainAlert>
        {waitingMessages.length > 0 ? <ol className="conversation-list">{waitingList}</ol> : null}
        {ownConversation ? composer : null}
      </div>
    );

  return (
    <div className="conversation">
      <PlainAlert variant="info" role="status">
        <Trans>Messages are read during clinic hours. In an emergency call 000.</Trans>
      </PlainAlert>
      {pages.hasNextPage ? (
        <button
          type="button"
          className="btn btn-outline-primary mb-3"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          <Trans>Show earlier messages</Trans>
        </button>
      ) : null}
      {messages.length === 0 && waitingMessages.length === 0 ? (
        <p>
          <Trans>No messages yet.</Trans>
        </p>
      ) : (
        <ol className="conversation-list" aria-label={t`Messages`}>
          {messages.map((message) => {
            const mine = message.sender.id === userId;
            const removable =
              mine &&
              !message.deleted &&
              // As of when the page was read: a late Remove is refused by the server with its reason.
              pages.dataUpdatedAt - Date.parse(message.created_at) < MESSAGE_REMOVE_WINDOW_MS;
            return (
              <MessageItem
                key={message.id}
                message={message}
                mine={mine}
                aboutHref={aboutHref}
                onMediaError={onMediaError}
              >
                {removable ? (
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0 mt-1"
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(message.id, {
                        onError: (error) =>
                          setProblem(errorMessage(error, t`The message could not be removed.`)),
                      })
                    }
                  >
                    <Trans>Remove</Trans>
                  </button>
                ) : null}
              </MessageItem>
            );
          })}
          {waitingList}
        </ol>
      )}
      {problem ? <PlainAlert variant="danger">{problem}</PlainAlert> : null}
      {composer}
    </div>
  );
}
