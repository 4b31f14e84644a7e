import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The one-way import zones of eslint.config.js (ARCHITECTURE.md, docs/decisions/009-one-home-per-concept.md), checked
// against snippets placed in each layer: a breach must be reported, so that the zones cannot silently stop matching
// after a move.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });
const RULE = 'import-x/no-restricted-paths';
const SHARED = 'lib and components are shared by every feature';
const APP = 'Features import nothing from app/';
const CROSS = 'imported in restricted zone';

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((m) => m.message);
}

describe('web import zones', { timeout: 60_000 }, () => {
  it('keep lib free of features and app', async () => {
    const probe = 'apps/web/src/lib/zone-probe.ts';
    expect(
      await restrictedImports(
        probe,
        "import { useWeek } from '../features/progress/api/get-week';\nexport const probe = useWeek;\n",
      ),
    ).toEqual([expect.stringContaining(SHARED)]);
    expect(
      await restrictedImports(
        probe,
        "import { routes } from '../app/routes';\nexport const probe = routes;\n",
      ),
    ).toEqual([expect.stringContaining(SHARED)]);
  });

  it('keep components free of features and app', async () => {
    const probe = 'apps/web/src/components/ui/zone-probe.ts';
    expect(
      await restrictedImports(
        probe,
        "import { EffortBar } from '../../features/feedback/components/effort-bar';\nexport const probe = EffortBar;\n",
      ),
    ).toEqual([expect.stringContaining(SHARED)]);
    expect(
      await restrictedImports(
        probe,
        "import { RootLayout } from '../../app/root-layout';\nexport const probe = RootLayout;\n",
      ),
    ).toEqual([expect.stringContaining(SHARED)]);
  });

  it('keep a feature free of other features and of app', async () => {
    const probe = 'apps/web/src/features/programs/components/zone-probe.ts';
    expect(
      await restrictedImports(
        probe,
        "import { useDayFeedback } from '../../feedback/api/get-day-feedback';\nexport const probe = useDayFeedback;\n",
      ),
    ).toEqual([expect.stringContaining(CROSS)]);
    expect(
      await restrictedImports(
        probe,
        "import { routes } from '../../../app/routes';\nexport const probe = routes;\n",
      ),
    ).toEqual([expect.stringContaining(APP)]);
    // A folder added to features/ gets its zone from the folder list: progress, split out of programs, may not
    // reach back into it.
    expect(
      await restrictedImports(
        'apps/web/src/features/progress/components/zone-probe.ts',
        "import { useProgramView } from '../../programs/api/get-program-view';\nexport const probe = useProgramView;\n",
      ),
    ).toEqual([expect.stringContaining(CROSS)]);
  });

  it('let a page compose features, and a feature use its own code, lib and components', async () => {
    expect(
      await restrictedImports(
        'apps/web/src/app/routes/programs/zone-probe.ts',
        [
          "import { useDayFeedback } from '../../../features/feedback/api/get-day-feedback';",
          "import { useWeek } from '../../../features/progress/api/get-week';",
          "import { apiFetch } from '../../../lib/api-client';",
          'export const probe = [useDayFeedback, useWeek, apiFetch];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'apps/web/src/features/programs/components/zone-probe.ts',
        [
          "import { useProgramView } from '../api/get-program-view';",
          "import { PageTitle } from '../../../components/ui/page-title';",
          "import { apiFetch } from '../../../lib/api-client';",
          'export const probe = [useProgramView, PageTitle, apiFetch];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
