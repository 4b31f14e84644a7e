// npm run i18n:compile [-- --strict]: `lingui compile` (--strict: fail on any missing translation), then for the
// web app (docs/decisions/027-lingui-catalogs.md):
// - the pseudo-locale's texts, which Lingui accents, also grow by 40% (padding words of "ẋ"), as German or
//   Vietnamese texts often do, so that the browser journeys' pseudo-locale sweep sees what would clip or overflow;
// - each language's catalog is split in parts (docs/decisions/032-first-paint-and-after.md): `<locale>.first.ts`,
//   the texts of the shell that every first paint shows; `<locale>.login.ts` and `<locale>.programs.ts`, those of
//   the two first-paint pages that the shell lacks, each loaded with its page; and `<locale>.rest.ts`, every other
//   text, which the other pages wait for (apps/web/src/lib/i18n/active-language.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';

const root = path.resolve(import.meta.dirname, '..');
const WEB_LOCALES = path.join(root, 'apps/web/src/locales');
const LOCALES = ['en', 'es', 'zh-Hans', 'vi', 'ar', 'pseudo'];
/** The entry: the shell every first paint shows. */
const SHELL_MODULES = ['apps/web/src/main.tsx'];
/** The first-paint pages (app/routes.tsx), each with its own part of the catalog. */
const PAGE_PARTS = {
  login: ['apps/web/src/app/routes/auth/login.tsx'],
  programs: ['apps/web/src/app/routes/programs/programs.tsx'],
};

const strict = process.argv.includes('--strict') ? ['--strict'] : [];
const compiled = spawnSync(
  'npx',
  ['lingui', 'compile', '--workers', '1', '--namespace', 'es', '--typescript', ...strict],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

/** The messages of a compiled catalog (`lingui compile --namespace es --typescript`). */
function readCompiled(file) {
  const match = /JSON\.parse\((".*")\)/s.exec(readFileSync(file, 'utf8'));
  if (!match) throw new Error(`${file}: no JSON.parse(...) of messages found`);
  return JSON.parse(JSON.parse(match[1]));
}

function writeCompiled(file, messages) {
  writeFileSync(
    file,
    `/*eslint-disable*/import type{Messages}from"@lingui/core";export const messages=JSON.parse(${JSON.stringify(
      JSON.stringify(messages),
    )}) as Messages;`,
  );
}

/** Literal text, 40% longer: words of up to five "ẋ" after it. */
function grow(text) {
  // "#" alone is a plural's number, which Lingui fills in only while it stays exactly "#".
  if (text === '#') return text;
  const extra = Math.ceil(text.trim().length * 0.4);
  if (extra === 0) return text;
  const words = [];
  for (let left = extra; left > 0; left -= 5) words.push('ẋ'.repeat(Math.min(5, left)));
  return `${text} ${words.join(' ')}`;
}

/** A compiled message: a string, or parts that are strings (text) or arrays (an argument; plural choices inside). */
function pad(message) {
  if (typeof message === 'string') return grow(message);
  return message.map((part) => (typeof part === 'string' ? grow(part) : padArgument(part)));
}

function padArgument(argument) {
  const [name, type, choices] = argument;
  if (!choices || typeof choices !== 'object') return argument;
  const padded = Object.fromEntries(
    Object.entries(choices).map(([key, value]) => [key, key === 'offset' ? value : pad(value)]),
  );
  return [name, type, padded];
}

const pseudoFile = path.join(WEB_LOCALES, 'pseudo.ts');
writeCompiled(
  pseudoFile,
  Object.fromEntries(Object.entries(readCompiled(pseudoFile)).map(([id, message]) => [id, pad(message)])),
);

// `import ... from '...'` and `export ... from '...'`, types left out, and `import('...')`.
const IMPORT =
  /(?:(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?|\bimport\()['"]([^'"]+)['"]/g;
/** The page table: each page it loads lazily waits for the whole catalog (lazyPage), so it is not followed there. */
const PAGE_TABLE = path.join(root, 'apps/web/src/app/routes.tsx');

function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('@hep/shared/'))
    base = path.join(root, 'packages/shared/src', specifier.slice('@hep/shared/'.length));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return null;
}

/**
 * Every source file the modules import, as paths relative to the repository (as PO origins are). Lazy imports are
 * followed too (a dialog or prompt the first page may open before the rest of the catalog is in), but not the page
 * table's, whose pages wait for the rest themselves.
 */
function firstPaintGraph(entries) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const imports = file === PAGE_TABLE ? source.replace(/\bimport\(['"][^'"]+['"]\)/g, '') : source;
    for (const [, specifier] of imports.matchAll(IMPORT)) {
      const resolved = resolveImport(file, specifier);
      if (resolved) visit(resolved);
    }
  };
  for (const entry of entries) visit(path.join(root, entry));
  return new Set([...seen].map((file) => path.relative(root, file)));
}

const po = formatter({ lineNumbers: false });
// Which texts each part shows: those used in any of its files (the English catalog names where each is used; it is
// read keyed by id, as the compiled catalogs are).
const english = await po.parse(readFileSync(path.join(WEB_LOCALES, 'en.po'), 'utf8'), {
  locale: 'en',
  sourceLocale: 'en',
  filename: 'en.po',
});
function idsUsedIn(files) {
  return new Set(
    Object.entries(english)
      .filter(([, entry]) => entry.origin.some(([file]) => files.has(file)))
      .map(([id]) => id),
  );
}
const shellIds = idsUsedIn(firstPaintGraph(SHELL_MODULES));
const pageIds = Object.entries(PAGE_PARTS).map(([part, modules]) => [
  part,
  new Set([...idsUsedIn(firstPaintGraph(modules))].filter((id) => !shellIds.has(id))),
]);
const inPart = (id) => shellIds.has(id) || pageIds.some(([, ids]) => ids.has(id));
for (const locale of LOCALES) {
  const entries = Object.entries(readCompiled(path.join(WEB_LOCALES, `${locale}.ts`)));
  const write = (part, keep) =>
    writeCompiled(
      path.join(WEB_LOCALES, `${locale}.${part}.ts`),
      Object.fromEntries(entries.filter(([id]) => keep(id))),
    );
  write('first', (id) => shellIds.has(id));
  for (const [part, ids] of pageIds) write(part, (id) => ids.has(id));
  write('rest', (id) => !inPart(id));
}
