import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../src/modules/backups/backup-manifest';
import { cli, fromNewAddress, photosOf, signIn, snapshotOf, startPhotoWriter } from '../backup-process';
import { tempDataDir } from '../fixtures/media-fixtures';
import { startServerProcess, type ServerProcess } from '../server-process';

/**
 * docs/product/backups.md, as a clinic's IT person would run it on the embedded default: `npm run cli -- backup`
 * while the server serves writes (the server writes the copy; the CLI prints its progress), `restore` into an empty
 * DATA_DIR (a non-empty one refused, nothing touched), `audit verify` on the copy, and a server started on it that
 * signs in the same users and serves the same bytes.
 */

const dataDir = tempDataDir();
const scratch = mkdtempSync(path.join(os.tmpdir(), 'hep-restore-'));
const restoredDir = path.join(scratch, 'restored');
const backupDir = path.join(scratch, 'backup');
let server: ServerProcess;
let restoredServer: ServerProcess | undefined;

beforeAll(async () => {
  // TRUST_PROXY: each request names its own address, so the writer stays under the per-address upload limit.
  server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: '1', TRUST_PROXY: '1' });
}, 120_000);
afterAll(async () => {
  for (const s of [server, restoredServer]) if (s && s.child.exitCode === null) s.child.kill('SIGKILL');
  await Promise.all([server?.exited, restoredServer?.exited]);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

let sourcePhotos: Map<number, Buffer>;
let clientId: number;
/** The client's session, begun before the backup. */
let clientSession: Record<string, string>;

describe('backup and restore of the embedded default', () => {
  it('backs up through the running server while it serves writes, printing progress', async () => {
    const client = await signIn(server, server.login('client'));
    clientId = client.id;
    clientSession = client.headers;
    const writer = startPhotoWriter(server, client);
    await expect.poll(() => writer.sent(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);

    const sentBefore = writer.sent();
    const backup = await cli({ DATA_DIR: dataDir }, ['backup', '--to', backupDir]);
    const sentDuring = writer.sent() - sentBefore;
    await writer.stop();

    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout.trim()).toMatch(
      new RegExp(
        `^Backup written to ${backupDir}: the embedded database \\(.+\\) and \\d+ media files \\(.+\\)\\.$`,
      ),
    );
    // Progress, a line per step when the output is not a terminal.
    expect(backup.stderr).toContain('Copying the database');
    expect(backup.stderr).toMatch(/Copying media: \d+ of \d+ files/);
    // The server kept taking messages while it wrote the copy.
    expect(sentDuring).toBeGreaterThan(0);
    const manifest = readManifest(backupDir);
    expect(manifest.kind).toBe('embedded');
    expect(manifest.media.length).toBeGreaterThanOrEqual(3);
    expect(manifest.secret_key).not.toBeNull();

    const therapist = await signIn(server, server.login('therapist'));
    sourcePhotos = await photosOf(server, therapist.headers, clientId);
  }, 120_000);

  it('restores into an empty DATA_DIR; audit verify passes; a server on the copy signs in the same users and serves the same bytes', async () => {
    const restored = await cli({ DATA_DIR: restoredDir }, ['restore', '--from', backupDir]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout.trim()).toMatch(
      new RegExp(`^Restored ${backupDir}: the embedded database into ${restoredDir}, \\d+ media files`),
    );

    const verified = await cli({ DATA_DIR: restoredDir }, ['audit', 'verify']);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/^Audit log verified: \d+ rows in \d+ chains?/);

    restoredServer = await startServerProcess({ DATA_DIR: restoredDir, SEED_DEMO: '0', TRUST_PROXY: '1' });
    const therapist = await signIn(restoredServer, server.login('therapist'));
    const client = await signIn(restoredServer, server.login('client'));
    expect(client.id).toBe(clientId);
    const photos = await photosOf(restoredServer, therapist.headers, clientId);
    expect(photos.size).toBeGreaterThanOrEqual(3);
    for (const [id, bytes] of photos) expect(bytes.equals(sourcePhotos.get(id)!), `message ${id}`).toBe(true);
    // The generated secret key came along: a session begun on the original before the backup works on the copy.
    const me = await fetch(`${restoredServer.url}/api/users/${clientId}/`, {
      headers: { ...clientSession, ...fromNewAddress() },
    });
    expect(me.status).toBe(200);
    restoredServer.child.kill('SIGTERM');
    expect(await restoredServer.exited).toBe(0);
  }, 120_000);

  it('refuses to restore into a DATA_DIR that is not empty, in one line, touching nothing', async () => {
    const before = snapshotOf(restoredDir);
    const again = await cli({ DATA_DIR: restoredDir }, ['restore', '--from', backupDir]);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^DATA_DIR \\(${restoredDir}\\) is not empty \\(it holds .*pgdata.*\\): restore only into an empty folder`,
        ),
      ),
    ]);
    expect(again.stdout).toBe('');
    expect(snapshotOf(restoredDir)).toEqual(before);
  }, 60_000);

  it('backs up with the server stopped by opening the database itself', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const offline = path.join(scratch, 'offline');
    const backup = await cli({ DATA_DIR: dataDir }, ['backup', '--to', offline]);
    expect(backup.code, backup.stderr).toBe(0);
    const manifest = readManifest(offline);
    // Every write the server acknowledged before it stopped: at least as many files as the copy taken while it ran.
    expect(manifest.media.length).toBeGreaterThanOrEqual(readManifest(backupDir).media.length);
    expect(manifest.media.length).toBeGreaterThanOrEqual(sourcePhotos.size);
  }, 60_000);
});
