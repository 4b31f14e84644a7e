import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrPath } from './qr-path';

/** The dark modules the path draws, as "row,col" keys. */
function drawn(d: string): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(w); i += 1)
      cells.add(`${Number(y) - QUIET_ZONE},${Number(x) - QUIET_ZONE + i}`);
  }
  return cells;
}

describe('qrPath', () => {
  const url = 'https://hep.example.org/program/12345';

  it('draws exactly the dark modules of the code, inside the quiet zone', () => {
    const { modules } = create(url, { errorCorrectionLevel: 'M' });
    const { size, d } = qrPath(url);
    expect(size).toBe(modules.size);
    const cells = drawn(d);
    let dark = 0;
    for (let row = 0; row < size; row += 1) {
      for (let col = 0; col < size; col += 1) {
        if (modules.get(row, col)) {
          dark += 1;
          expect(cells.has(`${row},${col}`), `module ${row},${col}`).toBe(true);
        }
      }
    }
    expect(cells.size).toBe(dark);
  });

  it('starts with the finder pattern: a dark row of seven modules in the top left corner', () => {
    expect(qrPath(url).d.startsWith(`M${QUIET_ZONE} ${QUIET_ZONE}h7v1h-7z`)).toBe(true);
  });

  it('gives different codes for different programs', () => {
    expect(qrPath(url).d).not.toBe(qrPath('https://hep.example.org/program/12346').d);
  });
});
