import { create } from 'qrcode';

export interface QrPath {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** One SVG path of every dark module, in module units, offset by the quiet zone. */
  d: string;
}

// The standard quiet zone around the symbol: scanners need it to find the code's edge.
export const QUIET_ZONE = 4;

/**
 * `text` as a QR code (error correction M, enough for a printed page that gets creased) drawn as one SVG path: run
 * by run along each row, so that a 33x33 code is a few hundred short segments rather than a thousand rectangles.
 */
export function qrPath(text: string): QrPath {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const { size } = modules;
  const parts: string[] = [];
  for (let row = 0; row < size; row += 1) {
    let col = 0;
    while (col < size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < size && modules.get(row, col)) col += 1;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  return { size, d: parts.join('') };
}
