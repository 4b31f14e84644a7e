import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in the outbox folder. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: Logger;
}): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      if (!options.smtpUrl) {
        await mkdir(options.outboxDir, { recursive: true });
        const file = path.join(
          options.outboxDir,
          `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
        );
        await writeFile(file, (info as unknown as { message: Buffer }).message);
        options.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
      } else {
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      }
    },
  };
}
