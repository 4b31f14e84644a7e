import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { CONDITIONS, DISCIPLINES } from '@hep/shared/domain/constants';
import { passwordProblem } from '@hep/shared/domain/password';
import { ZEmail } from '@hep/shared/schemas/common';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, openDatabase, openPglite, openPostgres, pgliteDataDir } from './db/client';
import { DatabaseInUseError } from './db/data-dir-lock';
import { verdictLine, verifyAuditChain } from './modules/audit/audit-verify.service';
import { terminalProgress } from './modules/backups/backup-progress';
import { askServerForBackup } from './modules/backups/backup-socket';
import { BackupRefusal, backupSummaryLines, writeBackup } from './modules/backups/backup.service';
import { requirePgTool } from './modules/backups/postgres-copy';
import { restoreBackup, restoreSummaryLine } from './modules/backups/restore.service';
import { hashPassword } from './modules/auth/passwords';
import { loadStarterLibrary } from './modules/library/starter-library.service';
import { createMailer } from './modules/mail/mailer';
import { retentionReportLines, runRetention } from './modules/retention/retention.service';
import { findClinic } from './modules/clinics/clinics.repository';
import { emailTaken, insertUser } from './modules/users/users.repository';

const USAGE =
  'Usage: npm run cli -- create-user --role staff|therapist|client --email E --password P ' +
  '[--first-name F --last-name L --clinic ID --discipline D --condition C]\n' +
  '       npm run cli -- audit verify\n' +
  '       npm run cli -- retention run [--dry-run]\n' +
  '       npm run cli -- backup --to DIR\n' +
  '       npm run cli -- restore --from DIR';

/** The app's database, migrated and with its starter library, as the server opens it (the CLI may come first). */
async function openAppDatabase(): Promise<Database> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await loadStarterLibrary(database.db).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  return database;
}

/** A wrong argument: one line on stderr naming it; the usage goes to stdout. */
class UsageError extends Error {}

const ZArgs = z.object({
  role: z.enum(['staff', 'therapist', 'client']),
  email: ZEmail,
  password: z.string().refine((p) => !passwordProblem(p), {
    message: 'Password must be at least 8 characters long and not entirely numeric.',
  }),
  'first-name': z.string().trim().min(1).default('Admin'),
  'last-name': z.string().trim().min(1).default('User'),
  clinic: z.coerce.number().int().positive().optional(),
  discipline: z.enum(DISCIPLINES).optional(),
  condition: z.enum(CONDITIONS).optional(),
});

async function createUser(argv: string[]): Promise<string> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: Object.fromEntries(
        ['role', 'email', 'password', 'first-name', 'last-name', 'clinic', 'discipline', 'condition'].map(
          (k) => [k, { type: 'string' as const }],
        ),
      ),
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const parsed = ZArgs.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`--${String(issue.path[0])}: ${issue.message}`);
  }
  const args = parsed.data;
  if (args.role === 'therapist' && !args.discipline)
    throw new UsageError(`--discipline is required for a therapist (${DISCIPLINES.join(', ')}).`);
  const database = await openAppDatabase();
  try {
    if (args.clinic && !(await findClinic(database.db, args.clinic)))
      throw new Error(`No clinic with id ${args.clinic}.`);
    if (await emailTaken(database.db, args.email)) throw new Error(`${args.email} is already registered.`);
    const id = await insertUser(database.db, {
      email: args.email,
      firstName: args['first-name'],
      lastName: args['last-name'],
      passwordHash: await hashPassword(args.password),
      isStaff: args.role === 'staff',
      isTherapist: args.role === 'therapist',
      ...(args.role === 'therapist'
        ? { therapist: { discipline: args.discipline!, clinicId: args.clinic ?? null } }
        : {}),
      ...(args.role === 'client'
        ? { client: { condition: args.condition ?? null, clinicId: args.clinic ?? null, createdById: null } }
        : {}),
    });
    return `Created ${args.role} ${args.email} with id ${id}.`;
  } finally {
    await database.close();
  }
}

/** Walks every audit chain (one per clinic); a replaced function or a broken row is an error naming it (exit 1). */
async function auditVerify(argv: string[]): Promise<string> {
  if (argv.length !== 1 || argv[0] !== 'verify') throw new UsageError('Unknown audit command.');
  const database = await openAppDatabase();
  try {
    const verdict = await verifyAuditChain(database.db);
    if (!verdict.ok) throw new Error(verdictLine(verdict));
    return verdictLine(verdict);
  } finally {
    await database.close();
  }
}

/**
 * One retention run now (docs/product/retention.md#the-cli): erases the clients past their clinic's retention and
 * prunes expired rows, or with --dry-run lists what would go (ids and counts) and changes nothing.
 */
async function retentionRun(argv: string[]): Promise<string> {
  if (argv[0] !== 'run') throw new UsageError('Unknown retention command.');
  let dryRun: boolean;
  try {
    dryRun = Boolean(
      parseArgs({ args: argv.slice(1), options: { 'dry-run': { type: 'boolean' } } }).values['dry-run'],
    );
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const config = loadConfig();
  const database = await openAppDatabase();
  try {
    const now = () => new Date();
    const ctx = {
      config,
      db: database.db,
      mailer: createMailer({ db: database.db, now }),
      secretKey: new Uint8Array(),
      now,
    };
    return retentionReportLines(await runRetention(ctx, { dryRun })).join('\n');
  } finally {
    await database.close();
  }
}

/** The one folder option of backup (--to) and restore (--from), resolved against the current folder. */
function folderOption(argv: string[], name: 'to' | 'from'): string {
  let values: { [key: string]: string | undefined };
  try {
    ({ values } = parseArgs({ args: argv, options: { [name]: { type: 'string' } } }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const folder = values[name];
  if (!folder) throw new UsageError(`--${name} DIR is required.`);
  return path.resolve(folder);
}

/** The database as it is, without migrating it first: a backup copies what is there. */
async function openForBackup(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    requirePgTool('pg_dump');
    return openPostgres(config.DATABASE_URL, { migrate: false, startupWaitMs: 0 });
  }
  if (!existsSync(path.join(pgliteDataDir(config.DATA_DIR), 'PG_VERSION')))
    throw new BackupRefusal(`There is no embedded database in ${path.resolve(config.DATA_DIR)} to back up.`);
  return openPglite(config.DATA_DIR, { migrate: false });
}

/**
 * docs/product/backups.md#back-up: with the embedded database and the server running, the server writes the backup
 * (it holds the database) and the CLI prints its progress; otherwise the CLI opens the database itself.
 */
async function backup(argv: string[]): Promise<string> {
  const to = folderOption(argv, 'to');
  const config = loadConfig();
  const progress = terminalProgress();
  try {
    const viaServer = config.DATABASE_URL
      ? null
      : await askServerForBackup(config.DATA_DIR, to, progress.report);
    if (viaServer) return backupSummaryLines(viaServer).join('\n');
    const database = await openForBackup(config);
    try {
      return backupSummaryLines(
        await writeBackup({ config, db: database.db }, to, { onProgress: progress.report }),
      ).join('\n');
    } finally {
      await database.close();
    }
  } finally {
    progress.finish();
  }
}

/** docs/product/backups.md#restore: into an empty DATA_DIR, or an empty database and media store; else refused. */
async function restore(argv: string[]): Promise<string> {
  const from = folderOption(argv, 'from');
  const config = loadConfig();
  const progress = terminalProgress();
  try {
    return restoreSummaryLine(await restoreBackup(config, from, { onProgress: progress.report }));
  } finally {
    progress.finish();
  }
}

const COMMANDS = new Map<string, (argv: string[]) => Promise<string>>([
  ['create-user', createUser],
  ['audit', auditVerify],
  ['retention', retentionRun],
  ['backup', backup],
  ['restore', restore],
]);

const [command, ...rest] = process.argv.slice(2);
const run = COMMANDS.get(command ?? '')?.(rest) ?? Promise.reject(new Error(USAGE));
run.then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (error: unknown) => {
    const known =
      error instanceof ConfigError || error instanceof DatabaseInUseError || error instanceof Error;
    console.error(known ? (error as Error).message : String(error));
    if (error instanceof UsageError) console.log(USAGE);
    process.exit(1);
  },
);
