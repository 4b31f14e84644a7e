import type { Config } from './config';
import type { AppContext } from './context';
import type { Db } from './db/client';
import { createMailer } from './modules/mail/mailer';
import { resolveSecretKey } from './secret-key';

/** A running process's context: the real clock, mail through the outbox, the configured (or kept) secret key. */
export function processContext(config: Config, db: Db): AppContext {
  const now = () => new Date();
  return {
    config,
    db,
    mailer: createMailer({ db, now }),
    secretKey: resolveSecretKey(config.SECRET_KEY, config.DATA_DIR),
    now,
  };
}
