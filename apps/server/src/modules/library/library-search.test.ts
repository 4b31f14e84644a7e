import { describe, expect, it } from 'vitest';
import { prefixTsquery } from './library-search';

describe('prefixTsquery', () => {
  it('makes every word a prefix, all of them required', () => {
    expect(prefixTsquery('Bala')).toBe('bala:*');
    expect(prefixTsquery('  sit   STAND ')).toBe('sit:* & stand:*');
  });

  it('splits on anything that is not a letter or a digit, so no tsquery syntax gets through', () => {
    expect(prefixTsquery('sit-to-stand')).toBe('sit:* & to:* & stand:*');
    expect(prefixTsquery("Parkinson's & !x | (y):*")).toBe('parkinson:* & s:* & x:* & y:*');
    expect(prefixTsquery('élan 10')).toBe('élan:* & 10:*');
  });

  it('answers null when no word is left, and keeps at most eight words', () => {
    expect(prefixTsquery(undefined)).toBeNull();
    expect(prefixTsquery(' -*- ')).toBeNull();
    expect(prefixTsquery('a b c d e f g h i j')).toBe('a:* & b:* & c:* & d:* & e:* & f:* & g:* & h:*');
  });
});
