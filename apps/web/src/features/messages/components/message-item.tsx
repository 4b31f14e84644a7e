import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TMessage } from '@hep/shared/schemas/messages';
import { formatWeekdayDayMonth } from '../../../lib/calendar-date';
import { intlLocale } from '../../../lib/intl-date';

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

interface MessageItemProps {
  message: TMessage;
  mine: boolean;
  /** Where the day's exercise a message is about opens: the care team's feedback page, the client's program. */
  aboutHref: (message: TMessage) => string;
  /** A signed media URL stopped working (they expire): the conversation is read again for fresh ones. */
  onMediaError: () => void;
  children?: React.ReactNode;
}

/** One message: who wrote it and when, what it is about, its text, photo or video (or "Message removed"). */
export function MessageItem({ message, mine, aboutHref, onMediaError, children }: MessageItemProps) {
  const { t } = useLingui();
  const who = mine ? t`You` : message.sender.name;
  const when = timeOf(message.created_at);
  const day = message.day ? formatWeekdayDayMonth(message.day) : null;
  return (
    <li className={`conversation-message${mine ? ' conversation-message-mine' : ''}`}>
      <span className="conversation-meta">
        {who}, {when}
      </span>
      {message.deleted ? (
        <p className="conversation-text conversation-removed">
          <Trans>Message removed</Trans>
        </p>
      ) : (
        <>
          {message.exercise_id !== null && day ? (
            <Link to={aboutHref(message)} className="conversation-about">
              <Trans>About an exercise on {day}</Trans>
            </Link>
          ) : null}
          {message.text ? <p className="conversation-text">{message.text}</p> : null}
          {message.image_url ? (
            <img
              src={message.image_url}
              alt={t`Photo from ${who}`}
              loading="lazy"
              decoding="async"
              className="conversation-media"
              onError={onMediaError}
            />
          ) : null}
          {message.video_url ? (
            <video
              src={message.video_url}
              controls
              preload="metadata"
              playsInline
              aria-label={t`Video from ${who}`}
              className="conversation-media"
              onError={onMediaError}
            />
          ) : null}
        </>
      )}
      {children}
    </li>
  );
}
