import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  port: number;
  /** Each accepted message: its envelope recipients and raw text. */
  received: { to: string[]; raw: string }[];
  /** Each message whose body has begun to arrive (its recipients), answered or not: a sender is mid-send. */
  sending: string[][];
  receivedFor(address: string): number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback. `delayMs` answers each message that much later (a slow mail provider);
 * `rejectRecipients` refuses every RCPT TO with a reply quoting the address, as real servers do.
 */
export async function startTestSmtp(
  options: { port?: number; delayMs?: number; rejectRecipients?: boolean } = {},
): Promise<TestSmtp> {
  const received: TestSmtp['received'] = [];
  const sending: TestSmtp['sending'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (!options.rejectRecipients) return callback();
      const error = new Error(`<${address.address}>: Recipient address rejected: mailbox unavailable`);
      (error as Error & { responseCode: number }).responseCode = 550;
      callback(error);
    },
    onData(stream, session, callback) {
      sending.push(session.envelope.rcptTo.map((r) => r.address));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        }, options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    sending,
    receivedFor: (address) => received.filter((m) => m.to.includes(address)).length,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** A loopback port where nothing listens (connections are refused), free for a server to take later. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
