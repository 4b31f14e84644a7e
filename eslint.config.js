// One lint setup for the whole tree. The import rules encode the boundaries of ARCHITECTURE.md
// (docs/decisions/009-one-home-per-concept.md).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const serverModulesDir = fileURLToPath(new URL('./apps/server/src/modules', import.meta.url));
const serverModules = readdirSync(serverModulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A module uses another module only through its services, policies, access checks and the SQL it shares, never
// its repository or other internals (ARCHITECTURE.md, "The layers and their rules").
const serverModuleZones = serverModules.map((area) => ({
  target: `${serverModulesDir}/${area}`,
  from: `${serverModulesDir}/**`,
  except: [`${serverModulesDir}/${area}/**`, `${serverModulesDir}/**/*.{service,policy,access,sql}.ts`],
  message:
    'Use another module through its *.service.ts, *.policy.ts, *.access.ts or *.sql.ts, ' +
    'never its repository or internals.',
}));

const serverSrc = fileURLToPath(new URL('./apps/server/src', import.meta.url));

// The layers inside the server, whichever module: routes -> services -> repositories. The SQL that other modules
// build on (`*.sql.ts`: a scope fragment, the audit insert) depends on nothing but the schema and other such SQL.
const serverLayerZones = [
  {
    target: `${serverModulesDir}/**/*.routes.ts`,
    from: [`${serverModulesDir}/**/*.repository.ts`],
    message: "Routes call services, never a repository (their own module's included).",
  },
  {
    target: `${serverModulesDir}/**/*.repository.ts`,
    from: [`${serverModulesDir}/**/*.service.ts`],
    message:
      'Repositories never import a service: SQL that several modules build on lives in a *.sql.ts file.',
  },
  {
    target: `${serverModulesDir}/**/*.sql.ts`,
    from: [`${serverSrc}/**`],
    except: [`${serverSrc}/db/schema/**`, `${serverModulesDir}/**/*.sql.ts`],
    message: 'A *.sql.ts file imports only db/schema, drizzle and other *.sql.ts files.',
  },
  {
    target: `${serverSrc}/db`,
    from: [`${serverSrc}/modules`, `${serverSrc}/demo`],
    message:
      'db/ (client, schema, migrations) imports no module and not the demo: modules build on it, never the reverse.',
  },
  {
    target: `${serverSrc}/modules`,
    from: `${serverSrc}/demo`,
    message: 'The demo seed is started by run-server.ts; no module imports it.',
  },
];

const serverZones = [...serverModuleZones, ...serverLayerZones];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'e2e/screenshots/**',
      // Compiled from the PO catalogs by `npm run i18n:compile`.
      'apps/*/src/locales/*.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // packages/shared is used by both sides and imports nothing from apps.
            { target: './packages/shared', from: './apps' },
            // The web app and the server never import each other.
            { target: './apps/web', from: './apps/server' },
            { target: './apps/server', from: './apps/web' },
            // Only repositories (and the db layer itself) touch the database handle's tables.
            {
              target: './apps/server/src/modules',
              from: './apps/server/src/db/schema',
              except: [],
              message: 'Only *.repository.ts and *.sql.ts files may import db/schema.',
            },
            ...serverZones,
            // Web features do not import each other; shared code lives in components/ui or lib.
            ...webFeatures.map((area) => ({
              target: `./apps/web/src/features/${area}`,
              from: './apps/web/src/features',
              except: [`./${area}`],
            })),
            // The web app's imports run one way, as bulletproof-react's: app -> features -> lib, components.
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features import nothing from app/: the page in app/routes composes them.',
            },
            {
              target: ['./apps/web/src/lib', './apps/web/src/components'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message:
                'lib and components are shared by every feature: they import no feature and nothing from app/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Repositories (and the SQL they share) are the one place that imports the schema; they still keep to the
    // module boundaries and the layers.
    files: ['apps/server/src/modules/**/*.repository.ts', 'apps/server/src/modules/**/*.sql.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  {
    // Tests and their helpers build data through any module's repository.
    files: ['apps/server/src/modules/**/*.test.ts', 'apps/server/src/modules/**/*.test-support.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-bootstrap', message: "Import per component, e.g. 'react-bootstrap/Button'." },
          ],
        },
      ],
    },
  },
  {
    // The service worker runs in its own global scope (apps/web/service-worker/tsconfig.json).
    files: ['apps/web/service-worker/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
