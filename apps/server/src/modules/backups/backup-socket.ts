import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { loggableError } from '../../lib/loggable-error';
import type { TickLog } from '../../lib/periodic-tick';
import { BackupRefusal } from './backup-manifest';
import { type Progress, throttled } from './backup-progress';
import { type BackupSummary, writeBackup } from './backup.service';

/**
 * The embedded database serves one process, so while the server runs the CLI cannot open it: it asks the server to
 * write the backup instead, over a Unix socket in DATA_DIR that only the server's user may open (mode 0600), and
 * prints the progress the server sends back (docs/decisions/033-backups.md). One JSON line asks; JSON lines answer:
 * `{"progress": …}` while it runs, then `{"done": summary}` or `{"error": message}`.
 */
export const backupSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), 'backup.sock');

const ZRequest = z.object({ backup: z.object({ to: z.string().min(1) }) });

type Reply = { progress: Progress } | { done: BackupSummary } | { error: string; refusal: boolean };

function parsedJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** Reads newline-separated JSON from a socket, one call per line. */
function onLines(socket: net.Socket, handle: (line: string) => void) {
  let buffer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      handle(line);
    }
    // A request is one short line: anything longer is not ours.
    if (buffer.length > 64_000) socket.destroy();
  });
}

/**
 * Listens on DATA_DIR/backup.sock (the embedded database only). A backup asked for runs with the server's database
 * handle; a caller that goes away (Ctrl-C) stops it, and so does the returned stop function, which the shutdown
 * awaits before the database closes.
 */
export function serveBackupRequests(ctx: AppContext, log: TickLog): () => Promise<void> {
  const socketPath = backupSocketPath(ctx.config.DATA_DIR);
  const running = new Set<{ stop: AbortController; done: Promise<void> }>();
  const sockets = new Set<net.Socket>();
  // This server holds the data folder's lock: a socket file there is a dead server's.
  rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const send = (reply: Reply) => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(reply)}\n`);
    };
    let asked = false;
    onLines(socket, (line) => {
      if (asked) return;
      asked = true;
      const request = ZRequest.safeParse(parsedJson(line));
      if (!request.success || !path.isAbsolute(request.data.backup.to)) {
        send({ error: 'Not a backup request this server understands.', refusal: true });
        socket.end();
        return;
      }
      const stop = new AbortController();
      socket.on('close', () => stop.abort());
      const done = writeBackup(ctx, request.data.backup.to, {
        signal: stop.signal,
        onProgress: throttled((progress) => send({ progress })),
      })
        .then(
          (summary) => {
            log.info(
              {
                databaseBytes: summary.databaseBytes,
                mediaFiles: summary.mediaFiles,
                mediaBytes: summary.mediaBytes,
              },
              'backup written for the CLI',
            );
            send({ done: summary });
          },
          (error: unknown) => {
            const refusal = error instanceof BackupRefusal;
            if (!refusal && !stop.signal.aborted)
              log.error({ err: loggableError(error) }, 'backup for the CLI failed');
            send({ error: (error as Error).message ?? String(error), refusal });
          },
        )
        .finally(() => socket.end());
      const entry = { stop, done };
      running.add(entry);
      void done.then(() => running.delete(entry));
    });
  });
  server.on('error', (error) => {
    log.warn(
      { err: loggableError(error) },
      'backup socket unavailable: npm run cli -- backup needs the server stopped',
    );
  });
  server.listen(socketPath, () => chmodSync(socketPath, 0o600));
  return async () => {
    for (const entry of running) entry.stop.abort();
    await Promise.all([...running].map((entry) => entry.done));
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(socketPath, { force: true });
  };
}

/**
 * Asks the server running on `dataDir` to write a backup into `to`, relaying its progress; null when no server
 * listens there (the CLI then opens the database itself).
 */
export function askServerForBackup(
  dataDir: string,
  to: string,
  onProgress: (progress: Progress) => void,
): Promise<BackupSummary | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(backupSocketPath(dataDir));
    let connected = false;
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      socket.end();
    };
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ backup: { to } })}\n`);
    });
    onLines(socket, (line) => {
      const reply = JSON.parse(line) as Reply;
      if ('progress' in reply) onProgress(reply.progress);
      else if ('done' in reply) settle(() => resolve(reply.done));
      else settle(() => reject(reply.refusal ? new BackupRefusal(reply.error) : new Error(reply.error)));
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const nobody = !connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED');
      const otherUser = !connected && (error.code === 'EACCES' || error.code === 'EPERM');
      settle(() =>
        nobody
          ? resolve(null)
          : reject(
              otherUser
                ? new BackupRefusal(
                    `The server running on ${path.resolve(dataDir)} takes backup requests from the user it runs ` +
                      'as only: run the command as that user.',
                  )
                : error,
            ),
      );
    });
    socket.on('close', () =>
      settle(() =>
        reject(new Error('The server stopped before the backup was done; nothing was written. Try again.')),
      ),
    );
  });
}
