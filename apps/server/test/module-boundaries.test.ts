import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The module boundaries of ARCHITECTURE.md (docs/decisions/009-one-home-per-concept.md) live in eslint.config.js;
 * these cases prove the rule still catches a breach (and lets the allowed imports through), so a config edit cannot
 * quietly switch it off.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The boundary messages ESLint reports for `code` as if it were the file at `path` (relative to the repo). */
async function boundaryMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${path}` });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('module boundaries (eslint.config.js)', () => {
  it("refuses a module importing another module's repository", async () => {
    const messages = await boundaryMessages(
      'apps/server/src/modules/clients/boundary-probe.ts',
      "import { insertUser } from '../users/users.repository';\nexport const probe = insertUser;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('"../users/users.repository"');
    expect(messages[0]).toContain('never its repository');
  });

  it("refuses another module's internals that are not its service, policy or access file", async () => {
    const messages = await boundaryMessages(
      'apps/server/src/modules/staff/boundary-probe.ts',
      "import { createMailer } from '../mail/mailer';\nexport const probe = createMailer;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('"../mail/mailer"');
  });

  it("refuses a repository importing another module's repository", async () => {
    const messages = await boundaryMessages(
      'apps/server/src/modules/clients/boundary-probe.repository.ts',
      "import { users } from '../../db/schema/users';\nimport { insertUser } from '../users/users.repository';\n" +
        'export const probe = [users, insertUser];\n',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('"../users/users.repository"');
  });

  it('refuses db/schema outside a repository', async () => {
    const messages = await boundaryMessages(
      'apps/server/src/modules/clients/boundary-probe.service.ts',
      "import { users } from '../../db/schema/users';\nexport const probe = users;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Only *.repository.ts and *.sql.ts files may import db/schema.');
  });

  it("refuses routes importing a repository, their own module's included", async () => {
    const messages = await boundaryMessages(
      'apps/server/src/modules/clients/boundary-probe.routes.ts',
      "import { findClients } from './clients.repository';\nexport const probe = findClients;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('"./clients.repository"');
    expect(messages[0]).toContain('Routes call services, never a repository');
  });

  it('refuses a repository importing a service, in its own module or another', async () => {
    const own = await boundaryMessages(
      'apps/server/src/modules/clients/boundary-probe.repository.ts',
      "import { listClients } from './clients.service';\nexport const probe = listClients;\n",
    );
    expect(own).toHaveLength(1);
    expect(own[0]).toContain('Repositories never import a service');
    const other = await boundaryMessages(
      'apps/server/src/modules/staff/boundary-probe.repository.ts',
      "import { writeAudit } from '../audit/audit.service';\nexport const probe = writeAudit;\n",
    );
    expect(other).toHaveLength(1);
    expect(other[0]).toContain('"../audit/audit.service"');
    expect(other[0]).toContain('Repositories never import a service');
  });

  it('refuses a *.sql.ts file importing anything but db/schema, drizzle and other *.sql.ts files', async () => {
    const messages = await boundaryMessages(
      'apps/server/src/modules/programs/boundary-probe.sql.ts',
      [
        "import { auditEntries } from '../audit/audit.service';",
        "import { findProgramRow } from './programs.repository';",
        "import { notFound } from '../../lib/app-error';",
        'export const probe = [auditEntries, findProgramRow, notFound];',
        '',
      ].join('\n'),
    );
    expect(messages).toHaveLength(3);
    for (const message of messages) {
      expect(message).toContain('A *.sql.ts file imports only db/schema, drizzle and other *.sql.ts files.');
    }
  });

  it("allows a *.sql.ts file the schema, drizzle and another module's *.sql.ts", async () => {
    const messages = await boundaryMessages(
      'apps/server/src/modules/programs/boundary-probe.sql.ts',
      [
        "import { sql } from 'drizzle-orm';",
        "import { programs } from '../../db/schema/programs';",
        "import { auditInsertSql } from '../audit/audit.sql';",
        'export const probe = [sql, programs, auditInsertSql];',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('refuses db/ importing a module or the demo seed', async () => {
    const messages = await boundaryMessages(
      'apps/server/src/db/boundary-probe.ts',
      [
        "import { loadStarterLibrary } from '../modules/library/starter-library.service';",
        "import { seedDemoIfEmpty } from '../demo/demo';",
        'export const probe = [loadStarterLibrary, seedDemoIfEmpty];',
        '',
      ].join('\n'),
    );
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain('"../modules/library/starter-library.service"');
    expect(messages[1]).toContain('"../demo/demo"');
    for (const message of messages)
      expect(message).toContain('db/ (client, schema, migrations) imports no module');
  });

  it("allows a repository and a service another module's *.sql.ts", async () => {
    for (const path of [
      'apps/server/src/modules/clients/boundary-probe.repository.ts',
      'apps/server/src/modules/clients/boundary-probe.service.ts',
    ]) {
      const messages = await boundaryMessages(
        path,
        "import { programVisibleSql } from '../programs/programs.sql';\nexport const probe = programVisibleSql;\n",
      );
      expect(messages, path).toEqual([]);
    }
  });

  it("allows another module's service, policy and access files, and the module's own repository", async () => {
    const messages = await boundaryMessages(
      'apps/server/src/modules/staff/boundary-probe.service.ts',
      [
        "import { createUser } from '../users/users.service';",
        "import { isClientAccount } from '../users/users.policy';",
        "import { loadClientInScope } from '../clients/clients.access';",
        "import { listUsersForStaff } from './staff.repository';",
        'export const probe = [createUser, isClientAccount, loadClientInScope, listUsersForStaff];',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it("leaves tests free to build data through any module's repository", async () => {
    const messages = await boundaryMessages(
      'apps/server/src/modules/clients/boundary-probe.test.ts',
      "import { insertUser } from '../users/users.repository';\nexport const probe = insertUser;\n",
    );
    expect(messages).toEqual([]);
  });
});
