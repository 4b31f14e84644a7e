// Bundles the server (apps/server/src/server.ts, the shared package and the dependencies that bundle) into
// apps/server/dist/server.js with esbuild, which `npm start` runs: one module to load instead of a thousand through
// tsx and Node's module loader (docs/decisions/001-tsx-runtime.md). scripts/start.mjs runs it when the bundle is
// missing or older than its sources; `node scripts/build-server.mjs` builds it by hand, and with `--if-stale` only
// when it is out of date (what the tests that start the server call).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { SERVER_BUNDLE, root, serverBundleIsStale } from './server-bundle.mjs';

if (process.argv.includes('--if-stale') && !serverBundleIsStale()) process.exit(0);

// Loaded from node_modules at run time, not bundled: native addons (argon2), packages that read files next to
// their own module (PGlite's WebAssembly and data, its extensions' archives), OpenTelemetry, imported only when
// tracing starts (apps/server/src/tracing.ts), and `pg` (below).
const EXTERNAL = ['@electric-sql/pglite', 'argon2', '@opentelemetry/*', '@fastify/otel'];

/**
 * Modules that tracing instruments by patching them as they are required (docs/decisions/034-metrics-and-tracing.md):
 * bundled, they would be code nobody requires; imported from node_modules, the import would be hoisted to the
 * bundle's first lines, before tracing starts. Each is a `require` instead, made when the module that imports it is
 * first evaluated: server.ts imports the rest of the server (run-server.ts), which esbuild then evaluates lazily, only
 * once tracing has started.
 */
const REQUIRED_LATE = ['pg'];
const requiredLate = {
  name: 'required-late',
  setup(b) {
    const filter = new RegExp(`^(${REQUIRED_LATE.join('|')})$`);
    b.onResolve({ filter }, (args) =>
      args.namespace === 'required-late'
        ? { path: args.path, external: true }
        : { path: args.path, namespace: 'required-late' },
    );
    b.onLoad({ filter: /.*/, namespace: 'required-late' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

const ourSources = ['apps/server/src', 'packages/shared/src'].map((dir) => path.join(root, dir) + path.sep);

/**
 * Our sources find their files (migrations, the starter library, shipped media, the web build) from their own
 * `import.meta.url`, which in the bundle would be the bundle's: each is rewritten to the URL of the source file,
 * computed from the bundle's own, so the bundle works wherever the repository is.
 */
const sourceUrls = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!ourSources.some((dir) => args.path.startsWith(dir))) return undefined;
      const text = readFileSync(args.path, 'utf8');
      // Not rewritten, so refused: in the bundle they would name the bundle's folder.
      if (/import\.meta\.(dirname|filename)/.test(text))
        return {
          errors: [{ text: 'use import.meta.url (rewritten for the bundle), not import.meta.dirname' }],
        };
      if (!text.includes('import.meta.url')) return undefined;
      const relative = path.relative(path.dirname(SERVER_BUNDLE), args.path).split(path.sep).join('/');
      return {
        contents: text.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

const result = await build({
  entryPoints: [path.join(root, 'apps/server/src/server.ts')],
  outfile: SERVER_BUNDLE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external: EXTERNAL,
  // The CommonJS dependencies inside an ES module still require Node's built-in modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  // Whitespace and comments out, identifiers as written (stack traces stay readable; `node --enable-source-maps` maps
  // them back to the sources): V8 keeps the whole text in memory, twice over when a single character is not Latin-1,
  // as some comments' are (docs/decisions/014-embedded-memory.md). Not `keepNames`: it only restores the names of the
  // few functions renamed where two modules' names met, at the price of a call for every function a request creates
  // (Fastify's hook runners make three per hook list, 1.6% of a cheap read's CPU).
  minifyWhitespace: true,
  minifySyntax: true,
  charset: 'ascii',
  legalComments: 'none',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [sourceUrls, requiredLate],
  write: false,
});
// Each file is written beside its place and renamed into it: a server starting meanwhile, or a second build (test
// files starting servers in parallel), never reads half a bundle.
for (const file of result.outputFiles) {
  mkdirSync(path.dirname(file.path), { recursive: true });
  const partial = `${file.path}.${process.pid}.partial`;
  writeFileSync(partial, file.contents);
  renameSync(partial, file.path);
}
console.log(`Bundled the server into ${path.relative(root, SERVER_BUNDLE)}`);
