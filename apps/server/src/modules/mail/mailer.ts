import type { Db } from '../../db/client';
import { insertMail } from './mail-outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A short name of the template (reset, activation…), the only thing about the mail its log lines carry. */
  purpose?: string;
}

/** `ctx.mailer`: how every module sends mail. */
export interface Mailer {
  /**
   * Queues the message in the durable outbox (one INSERT) and wakes this process's mail worker, which sends it
   * (docs/decisions/010). Never waits for SMTP: a request answers as fast whether a mail goes out or not, and a mail
   * server outage delays the mail instead of losing it.
   */
  send(message: MailMessage): Promise<void>;
  /** Calls `listener` after each message queued through this mailer; returns the unsubscribe. */
  onQueued(listener: () => void): () => void;
}

export function createMailer(options: { db: Db; now: () => Date }): Mailer {
  const listeners = new Set<() => void>();
  return {
    async send({ purpose = 'mail', to, subject, text, html }) {
      await insertMail(options.db, { purpose, recipient: to, subject, text, html }, options.now());
      for (const listener of listeners) listener();
    },
    onQueued(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
