import { createHash } from 'node:crypto';

/*
 * The audit row's canonical text and hash, built in Node from the row's columns as the database prints them, so that
 * `audit verify` trusts none of the database's own functions (docs/decisions/031-audit-chains-per-clinic.md). It is
 * the text audit_row_text (audit-chain.sql.ts) gives:
 *   jsonb_build_array(seq, at in UTC to the microsecond, actor_id, action, target_type, to_jsonb(target_ids),
 *     subject_user_id, outcome, correlation_id, details)::text
 * jsonb prints an array as `[a, b]` (a comma and a space), strings with JSON escapes, integers as digits, and a
 * nested jsonb value exactly as it prints on its own, so `details::text` goes in as it is.
 */

/** The columns of one row, each as PostgreSQL prints it (`::text`); null for SQL null. */
export interface AuditRowColumns {
  seq: string;
  /** `at::text` in a session with TimeZone UTC and DateStyle ISO: `2026-11-27 23:03:11.123456+00`. */
  at: string;
  actorId: string | null;
  action: string;
  targetType: string;
  /** `target_ids::text`: `{1,2}`, `{}`. */
  targetIds: string;
  subjectUserId: string | null;
  outcome: string;
  correlationId: string | null;
  /** `details::text`: jsonb's own text. */
  details: string | null;
}

const ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/** A JSON string as jsonb prints it: the escapes above, other control characters as \u00xx, the rest as is. */
export const jsonbString = (text: string) =>
  `"${text.replace(
    // eslint-disable-next-line no-control-regex
    /["\\\u0000-\u001f]/g,
    (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )}"`;

const INTEGER = /^-?\d+$/;
const integerOrNull = (value: string | null, what: string) => {
  if (value === null) return 'null';
  if (!INTEGER.test(value)) throw new Error(`The audit row's ${what} is not an integer: ${value}`);
  return value;
};

/** `{1,NULL,3}` (any dimensions, any bounds) as to_jsonb prints it: `[1, null, 3]`. */
export function bigintArrayJson(text: string): string {
  const body = text.replace(/^\[[^\]=]*\](\[[^\]=]*\])*=/, '');
  if (!/^[{}\d,NULL-]*$/.test(body)) throw new Error(`The audit row's target_ids are not integers: ${text}`);
  return body.replace(/\{/g, '[').replace(/\}/g, ']').replace(/,/g, ', ').replace(/NULL/g, 'null');
}

const TIMESTAMP = /^(\d{4,})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?\+00$/;

/** `2026-11-27 23:03:11.12+00` as to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') prints it. */
export function utcMicroseconds(text: string): string {
  const m = TIMESTAMP.exec(text);
  if (!m) throw new Error(`The audit row's time is not a UTC timestamp: ${text}`);
  const [, year, month, day, hour, minute, second, fraction = ''] = m;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}.${fraction.padEnd(6, '0')}Z`;
}

/** The row's canonical text: what audit_row_text(row) answers. */
export function auditRowText(row: AuditRowColumns): string {
  const str = (value: string | null) => (value === null ? 'null' : jsonbString(value));
  return `[${[
    integerOrNull(row.seq, 'seq'),
    jsonbString(utcMicroseconds(row.at)),
    integerOrNull(row.actorId, 'actor_id'),
    str(row.action),
    str(row.targetType),
    bigintArrayJson(row.targetIds),
    integerOrNull(row.subjectUserId, 'subject_user_id'),
    str(row.outcome),
    str(row.correlationId),
    row.details ?? 'null',
  ].join(', ')}]`;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** hash = sha256(prev_hash || row text), in hex: what audit_row_hash(prev_hash, row) answers. */
export const auditRowHash = (prevHash: string, row: AuditRowColumns) =>
  sha256Hex(prevHash + auditRowText(row));

/** The prev_hash of a chain's first row: 64 zeros for chain 0 (as before the split), else tied to its number. */
export const genesisHash = (chainId: number) =>
  chainId === 0 ? '0'.repeat(64) : sha256Hex(`audit_log chain ${chainId}`);
