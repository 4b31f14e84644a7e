import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The repository explains itself: the product's rules live in docs/product/ (one page per area) and the choices
 * behind the code in docs/decisions/. A comment, test or document that needs a reason cites one of those, never a
 * document kept outside the repository, and every page, heading and record it cites exists.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files nobody writes by hand, or that are not text. */
const SKIPPED = [/(^|\/)node_modules\//, /(^|\/)dist\//, /(^|\/)package-lock\.json$/, /^e2e\/screenshots\//];
const BINARY =
  /\.(png|jpe?g|gif|webp|ico|svgz|woff2?|ttf|otf|mp4|webm|mov|avi|pdf|zip|gz|br|tgz|wasm|sqlite|db)$/i;

/**
 * Citations of documents outside the repository: a numbered section of the design or the spec, written with the
 * word "section", a section sign, a bare number or a section's title in quotes, or one of the outside files by name.
 * Letters are written as character classes here so that this file does not cite what it forbids.
 */
export const OUTSIDE_CITATION = new RegExp(
  [
    String.raw`\bdesig[n](?:'s)?\s+(?:sections?\s+)?§?\s*\d+(?:\.\d+)*`,
    String.raw`\bdesig[n]\s+sections?\b`,
    String.raw`\bspe[c](?:'s)?\s+(?:sections?\b|§)`,
    String.raw`\bspe[c]\s+§?\d+(?:\.\d+)*\b`,
    String.raw`\bspe[c]\s+"[A-Z]`,
    String.raw`\bproduct-spe[c]\b`,
    String.raw`(?<![\w-])desig[n]\.md\b`,
    String.raw`(?<![\w-])convention[s]\.md\b`,
    String.raw`\.\.\/share[d](?![\w-])`,
  ].join('|'),
  'i',
);

/** GitHub's anchor for a heading: lower case, punctuation dropped (hyphens and underscores kept), spaces to "-". */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor of a Markdown document, numbered as GitHub numbers repeated headings ("usage", "usage-1"). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const slug = headingSlug(match[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

export interface DocReference {
  /** The cited file, relative to the repository root. */
  file: string;
  anchor: string | null;
}

const REPO_REFERENCE = /(?<![\w./-])(docs\/(?:product|decisions)\/[\w.-]+\.md)(?:#([\w-]+))?/g;
const MARKDOWN_LINK = /\]\((?!https?:|mailto:|#)([^)\s#]+\.md)(?:#([\w-]+))?\)/g;

/**
 * The documents a line of `fromFile` cites: every `docs/product/<page>.md#<anchor>` and `docs/decisions/<file>.md`
 * written out, and, inside docs/, Markdown links relative to the document (`](accounts.md#login)`).
 */
export function referencesIn(line: string, fromFile: string): DocReference[] {
  const references: DocReference[] = [];
  for (const match of line.matchAll(REPO_REFERENCE)) {
    references.push({ file: match[1]!, anchor: match[2] ?? null });
  }
  if (fromFile.startsWith('docs/') && fromFile.endsWith('.md')) {
    for (const match of line.matchAll(MARKDOWN_LINK)) {
      const file = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), match[1]!));
      references.push({ file, anchor: match[2] ?? null });
    }
  }
  return references;
}

const STATUS = /^Status: (accepted|superseded by \[(\d{3})\]\((\d{3}-[\w-]+\.md)\))([;,.:]? .*)?$/m;
const SUCCESSOR = /\[(\d{3})\]\((\d{3}-[\w-]+\.md)\)/g;
const DATE = /^Date: (\d{4}-\d{2}-\d{2})$/m;

/** What is wrong with a decision record's Status and Date lines; `exists` says whether a sibling record exists. */
export function recordProblems(text: string, exists: (file: string) => boolean): string[] {
  const problems: string[] = [];
  const status = STATUS.exec(text);
  if (!status) problems.push('no "Status: accepted" or "Status: superseded by [NNN](NNN-title.md)" line');
  for (const [, number, file] of status?.[0].matchAll(SUCCESSOR) ?? []) {
    if (!file!.startsWith(`${number}-`)) problems.push(`the status links ${number} to ${file}`);
    else if (!exists(file!)) problems.push(`the status names ${file}, which does not exist`);
  }
  const date = DATE.exec(text)?.[1];
  if (!date) problems.push('no "Date: YYYY-MM-DD" line');
  else if (
    Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
    new Date(date).toISOString().slice(0, 10) !== date
  ) {
    problems.push(`"${date}" is not a date`);
  }
  return problems;
}

/** Tracked files, and new ones git does not ignore, that exist and are text written by hand. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0'))]
    .filter((file) => file && !SKIPPED.some((pattern) => pattern.test(file)) && !BINARY.test(file))
    .filter((file) => {
      const full = path.join(ROOT, file);
      return existsSync(full) && statSync(full).isFile();
    });
}

function textOf(file: string): string | null {
  const bytes = readFileSync(path.join(ROOT, file));
  return bytes.includes(0) ? null : bytes.toString('utf8');
}

function eachLine(visit: (file: string, lineNumber: number, line: string) => void): void {
  for (const file of repositoryFiles()) {
    const text = textOf(file);
    if (text === null) continue;
    text.split('\n').forEach((line, index) => visit(file, index + 1, line));
  }
}

// The samples are put together at run time, so that this file itself cites nothing outside the repository.
const words = (...parts: string[]) => parts.join(' ');
const DESIGN = ['des', 'ign'].join('');
const SPEC = ['sp', 'ec'].join('');

describe('the citation pattern', () => {
  it('finds citations of the outside documents', () => {
    for (const sample of [
      `// ${words(DESIGN, '10.5')}`,
      `(${words(DESIGN, '7.6')})`,
      `/** ${words('Design', '8')}: two nodes */`,
      words(DESIGN, 'section', '3'),
      words(SPEC, 'section', '7'),
      words(SPEC, 'sections', '5 and 9'),
      `${SPEC} §5`,
      `${SPEC}'s §7`,
      words(SPEC, '9'),
      `(${SPEC} "Feedback card")`,
      ['..', 'shared', SPEC, `product-${SPEC}.md`].join('/'),
      `${DESIGN}.md`,
      ['conventions', 'md'].join('.'),
    ]) {
      expect(OUTSIDE_CITATION.test(sample), sample).toBe(true);
    }
  });

  it('leaves ordinary words alone', () => {
    for (const sample of [
      `the ${DESIGN} of the form`,
      `a ${DESIGN} that holds up`,
      `const ${SPEC} = header.split('=');`,
      `"@standard-schema/${SPEC}": "^1.0.0"`,
      'RFC 9110 section 14',
      'docs/product/api-conventions.md#error-format',
      '../shared-things/index.ts',
      `${DESIGN}ed for 10 people`,
    ]) {
      expect(OUTSIDE_CITATION.test(sample), sample).toBe(false);
    }
  });
});

describe('the reference checks', () => {
  it('make GitHub anchors of headings', () => {
    expect(headingSlug('Scope and 404')).toBe('scope-and-404');
    expect(headingSlug("The client's session")).toBe('the-clients-session');
    expect(headingSlug('Idempotency-Key')).toBe('idempotency-key');
    expect([...anchorsOf('# Title\n\n## Usage\n\n```\n## not a heading\n```\n\n## Usage\n')]).toEqual([
      'title',
      'usage',
      'usage-1',
    ]);
  });

  it('find the pages, anchors and records a line cites', () => {
    const page = ['docs', 'product', 'session.md'].join('/');
    const record = ['docs', 'decisions', '017-idempotency-keys.md'].join('/');
    expect(referencesIn(`// see ${page}#offline-feedback and ${record}.`, 'apps/x.ts')).toEqual([
      { file: page, anchor: 'offline-feedback' },
      { file: record, anchor: null },
    ]);
    expect(
      referencesIn(
        '[Accounts](accounts.md#login), [records](../decisions/README.md)',
        'docs/product/README.md',
      ),
    ).toEqual([
      { file: 'docs/product/accounts.md', anchor: 'login' },
      { file: 'docs/decisions/README.md', anchor: null },
    ]);
    expect(referencesIn('see docs/product/ for the rules', 'README.md')).toEqual([]);
  });

  it("read a decision record's status and date", () => {
    const exists = (file: string) => file === '013-caller-cache.md';
    expect(recordProblems('# 001: X\n\nStatus: accepted\nDate: 2026-11-21\n', exists)).toEqual([]);
    expect(
      recordProblems('Status: superseded by [013](013-caller-cache.md)\nDate: 2026-11-21', exists),
    ).toEqual([]);
    expect(
      recordProblems(
        'Status: accepted; a part is superseded by [013](013-caller-cache.md)\nDate: 2026-11-21',
        exists,
      ),
    ).toEqual([]);
    expect(recordProblems('Status: superseded by [014](014-nothing.md)\nDate: 2026-11-21', exists)).toEqual([
      'the status names 014-nothing.md, which does not exist',
    ]);
    expect(recordProblems('Status: maybe\nDate: 2026-02-30', exists)).toEqual([
      'no "Status: accepted" or "Status: superseded by [NNN](NNN-title.md)" line',
      '"2026-02-30" is not a date',
    ]);
    expect(recordProblems('Status: accepted', exists)).toEqual(['no "Date: YYYY-MM-DD" line']);
  });
});

describe('the repository', () => {
  it('cites no document kept outside it', () => {
    const breaches: string[] = [];
    eachLine((file, lineNumber, line) => {
      if (OUTSIDE_CITATION.test(line)) breaches.push(`${file}:${lineNumber}: ${line.trim()}`);
    });
    expect(breaches, 'cite a docs/product page and heading or a docs/decisions record instead').toEqual([]);
  });

  it('gives every decision record a Status and a Date', () => {
    const folder = path.join(ROOT, 'docs/decisions');
    const records = repositoryFiles().filter((file) => /^docs\/decisions\/\d{3}-[\w-]+\.md$/.test(file));
    expect(records.length).toBeGreaterThan(0);
    const problems = records.flatMap((file) =>
      recordProblems(textOf(file) ?? '', (sibling) => existsSync(path.join(folder, sibling))).map(
        (problem) => `${file}: ${problem}`,
      ),
    );
    expect(problems).toEqual([]);
  });

  it('cites only pages, headings and records that exist', () => {
    const anchors = new Map<string, Set<string> | null>();
    const anchorsOfFile = (file: string) => {
      if (!anchors.has(file)) {
        const full = path.join(ROOT, file);
        anchors.set(file, existsSync(full) ? anchorsOf(readFileSync(full, 'utf8')) : null);
      }
      return anchors.get(file);
    };
    const broken: string[] = [];
    eachLine((file, lineNumber, line) => {
      for (const reference of referencesIn(line, file)) {
        const found = anchorsOfFile(reference.file);
        const cited = reference.anchor ? `${reference.file}#${reference.anchor}` : reference.file;
        if (!found) broken.push(`${file}:${lineNumber}: ${cited} does not exist`);
        else if (reference.anchor && !found.has(reference.anchor)) {
          broken.push(`${file}:${lineNumber}: ${cited} names no heading of ${reference.file}`);
        }
      }
    });
    expect(broken).toEqual([]);
  });
});
