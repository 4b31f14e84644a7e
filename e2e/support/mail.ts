import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { inject, vi } from 'vitest';

/**
 * The newest message to `to`, once the server's mail worker has written it to the outbox folder: requests only
 * queue mail (docs/decisions/010-mail-outbox.md), so it arrives a moment after the answer.
 */
export function mailTo(to: string): Promise<string> {
  // vi.waitFor, not expect.poll: journeys also create their users in beforeAll.
  return vi.waitFor(() => latestMailTo(to), { timeout: 10_000, interval: 100 });
}

/** The newest message in the server's outbox sent to `to`, decoded enough to read its links. */
function latestMailTo(to: string): string {
  const dir = path.join(inject('dataDir'), 'outbox');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  for (const file of files.reverse()) {
    const raw = readFileSync(path.join(dir, file), 'utf8');
    const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (decoded.toLowerCase().includes(`to: ${to.toLowerCase()}`)) return decoded;
  }
  throw new Error(`no mail to ${to} in ${dir}`);
}

export function resetLinkIn(mail: string): string {
  const match = mail.match(/https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+/);
  if (!match) throw new Error('no reset link in the mail');
  return match[0];
}
