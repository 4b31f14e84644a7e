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
   * (docs/decisions/010-mail-outbox.md). Never waits for SMTP: a request answers as fast whether a mail goes out or
   * not, and a mail server outage delays the mail instead of losing it.
   *
   * With `db`, the caller's open transaction, the row is part of the caller's work: it is sent only if that work
   * commits. The worker cannot see it before then, so it is not woken: call `wake()` after the commit.
   */
  send(message: MailMessage, db?: Db): Promise<void>;
  /** Wakes this process's mail worker: after committing a transaction that queued mail through `send(…, db)`. */
  wake(): void;
  /** Calls `listener` after each message queued through this mailer; returns the unsubscribe. */
  onQueued(listener: () => void): () => void;
}

export function createMailer(options: { db: Db; now: () => Date }): Mailer {
  const listeners = new Set<() => void>();
  const wake = () => {
    for (const listener of listeners) listener();
  };
  return {
    async send({ purpose = 'mail', to, subject, text, html }, db) {
      await insertMail(db ?? options.db, { purpose, recipient: to, subject, text, html }, options.now());
      if (!db) wake();
    },
    wake,
    onQueued(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
