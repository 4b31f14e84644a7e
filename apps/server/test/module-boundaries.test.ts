import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The module boundaries of conventions.md live in eslint.config.js; these cases prove the rule still catches a
 * breach (and lets the allowed imports through), so a config edit cannot quietly switch it off.
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
    expect(messages[0]).toContain('Only *.repository.ts files may import db/schema.');
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
