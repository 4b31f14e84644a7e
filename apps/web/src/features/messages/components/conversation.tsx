import './conversation.css';
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MESSAGE_MAX_LENGTH, MESSAGE_REMOVE_WINDOW_MS, type TMessage } from '@hep/shared/schemas/messages';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { errorMessage } from '../../../lib/api-error';
import { intlLocale } from '../../../lib/intl-date';
import { newIdempotencyKey } from '../../../lib/offline/outbox-rules';
import { useMessages } from '../api/get-messages';
import { useReadMessages, useRemoveMessage, useSendMessage } from '../api/send-message';
import { useLiveEvents } from '../hooks/use-live-events';

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

/**
 * One client's conversation with their care team (docs/product/messages.md#web): the messages oldest first, earlier
 * ones on request, each with who wrote it and when, the emergency line, and a box to write in. What arrives while it
 * is open shows at once (live events), and what it shows counts as read.
 */
export function Conversation({ clientId, userId }: { clientId: number; userId: number }) {
  const { t } = useLingui();
  useLiveEvents();
  const pages = useMessages(clientId);
  const send = useSendMessage(clientId);
  const remove = useRemoveMessage(clientId);
  const read = useReadMessages(clientId);
  const [text, setText] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const messages: TMessage[] = (pages.data?.pages ?? []).flatMap((page) => page.results).reverse();
  const newest = messages.at(-1)?.id ?? null;

  const { mutate: markRead } = read;
  useEffect(() => {
    if (newest !== null) markRead(newest);
  }, [newest, markRead]);

  if (pages.isPending)
    return (
      <p>
        <Trans>Loading...</Trans>
      </p>
    );
  if (pages.isError)
    return (
      <PlainAlert variant="danger">
        <Trans>Messages could not be loaded. Please try again.</Trans>
      </PlainAlert>
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
      {messages.length === 0 ? (
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
            const when = timeOf(message.created_at);
            const who = mine ? t`You` : message.sender.name;
            return (
              <li
                key={message.id}
                className={`conversation-message${mine ? ' conversation-message-mine' : ''}`}
              >
                <span className="conversation-meta">
                  {who}, {when}
                </span>
                {message.deleted ? (
                  <p className="conversation-text conversation-removed">
                    <Trans>Message removed</Trans>
                  </p>
                ) : (
                  <p className="conversation-text">{message.text}</p>
                )}
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
              </li>
            );
          })}
        </ol>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!text.trim()) return setProblem(t`Write a message, or add a photo or video.`);
          setProblem(null);
          send.mutate(
            { text, key },
            {
              onSuccess: () => {
                setText('');
                setKey(newIdempotencyKey());
              },
              onError: (error) =>
                setProblem(errorMessage(error, t`The message could not be sent. Please try again.`)),
            },
          );
        }}
      >
        <label htmlFor="message-text" className="form-label fw-semibold">
          <Trans>Message</Trans>
        </label>
        <textarea
          id="message-text"
          className={`form-control${problem ? ' is-invalid' : ''}`}
          rows={3}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          aria-describedby={problem ? 'message-problem' : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {problem ? (
          <div id="message-problem" className="invalid-feedback d-block">
            {problem}
          </div>
        ) : null}
        <button type="submit" className="btn btn-primary mt-2" disabled={send.isPending}>
          {send.isPending ? <Trans>Sending...</Trans> : <Trans>Send</Trans>}
        </button>
      </form>
    </div>
  );
}
