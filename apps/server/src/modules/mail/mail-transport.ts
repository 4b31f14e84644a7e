import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage } from './mailer';

/** Hands one message to the mail system; only the mail worker calls it. */
export interface MailTransport {
  /** Resolves once the message is accepted; says where it went when that is a file. */
  deliver(message: MailMessage): Promise<{ file?: string } | void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in the outbox folder (development). SMTP
 * waits are bounded, so that one hung server cannot hold a claimed batch past its lease.
 */
export function createMailTransport(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
}): MailTransport {
  const { smtpUrl, from, outboxDir } = options;
  // nodemailer is loaded with the first message (docs/decisions/014-embedded-memory.md): an idle server sends none.
  const load = () =>
    import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl
        ? nodemailer.createTransport({
            url: smtpUrl,
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
            socketTimeout: 30_000,
          })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
  let loading: ReturnType<typeof load> | undefined;
  const transport = () => (loading ??= load());
  return {
    async deliver({ to, subject, text, html }) {
      const info = await (await transport()).sendMail({ from, to, subject, text, html });
      if (smtpUrl) return;
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      return { file };
    },
  };
}
