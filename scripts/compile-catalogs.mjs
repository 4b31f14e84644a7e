// npm run i18n:compile [-- --strict]: `lingui compile` (--strict: fail on any missing translation), then the web
// app's pseudo-locale catalog, whose texts Lingui accents, also grows every text by 40% (padding words of "ẋ"), as
// German or Vietnamese texts often do, so that the browser journeys' pseudo-locale sweep sees what would be clipped
// or overflow (docs/decisions/027-lingui-catalogs.md).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const strict = process.argv.includes('--strict') ? ['--strict'] : [];
const compiled = spawnSync(
  'npx',
  ['lingui', 'compile', '--workers', '1', '--namespace', 'es', '--typescript', ...strict],
  {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: 'inherit',
  },
);
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

const file = path.resolve(import.meta.dirname, '../apps/web/src/locales/pseudo.ts');
const source = readFileSync(file, 'utf8');
const match = /JSON\.parse\((".*")\)/s.exec(source);
if (!match) throw new Error(`${file}: no JSON.parse(...) of messages found`);
const messages = JSON.parse(JSON.parse(match[1]));

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

const grown = Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, pad(message)]));
writeFileSync(file, source.replace(match[1], JSON.stringify(JSON.stringify(grown))));
