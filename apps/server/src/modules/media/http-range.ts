/** A single byte range resolved against a file's size (RFC 9110 section 14). */
type RangeRequest =
  { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

/**
 * Reads a `Range` header. No header, another unit or several ranges: the whole file (servers may ignore a Range).
 * A bytes range that is malformed or starts past the end cannot be satisfied (416).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const [unit, spec] = header.split('=', 2).map((s) => s.trim());
  if (unit?.toLowerCase() !== 'bytes' || spec === undefined) return { kind: 'whole' };
  if (spec.includes(',')) return { kind: 'whole' };
  const match = SPEC.exec(spec);
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'unsatisfiable' };
  const [, first, last] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}
