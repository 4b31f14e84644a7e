import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/** The newest message in the server's outbox sent to `to`, decoded enough to read its links. */
export function latestMailTo(to: string): string {
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
