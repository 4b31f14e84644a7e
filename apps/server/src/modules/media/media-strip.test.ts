import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { FIXTURES, markersIn, readFixture } from '../../../test/fixtures/media-fixtures';
import { fileSource, MalformedMediaError } from './strip/byte-source';
import { planToBuffer } from './strip/plan';
import { stripMetadata } from './strip/strip';
import { exifOrientation, orientationSegment } from './strip/strip-jpeg';
import { riffChunks, strip } from './media-strip.test-support';

// Metadata removal from photos (JPEG, PNG, WebP, GIF); videos are media-strip-video.test.ts.

interface Segment {
  marker: number;
  bytes: Buffer;
}
/** JPEG segments up to the first scan, then the scan data up to and including EOI as one piece. */
function jpegSegments(bytes: Buffer): { segments: Segment[]; scan: Buffer } {
  const segments: Segment[] = [];
  let pos = 2;
  for (;;) {
    const marker = bytes[pos + 1]!;
    const end = pos + 2 + bytes.readUInt16BE(pos + 2);
    segments.push({ marker, bytes: bytes.subarray(pos, end) });
    if (marker === 0xda)
      return { segments, scan: bytes.subarray(end, bytes.lastIndexOf(Buffer.from([0xff, 0xd9])) + 2) };
    pos = end;
  }
}
const jpegSize = (bytes: Buffer) => {
  const sof = jpegSegments(bytes).segments.find((s) => s.marker >= 0xc0 && s.marker <= 0xc2)!.bytes;
  return { height: sof.readUInt16BE(5), width: sof.readUInt16BE(7) };
};

function pngChunks(bytes: Buffer) {
  const chunks: { type: string; bytes: Buffer }[] = [];
  for (let pos = 8; pos < bytes.length;) {
    const end = pos + 12 + bytes.readUInt32BE(pos);
    chunks.push({
      type: bytes.subarray(pos + 4, pos + 8).toString('latin1'),
      bytes: bytes.subarray(pos, end),
    });
    pos = end;
  }
  return chunks;
}

describe('JPEG', () => {
  it('removes Exif (GPS, make, model), XMP, IPTC, comments and the trailer; keeps the picture byte for byte', async () => {
    const input = readFixture(FIXTURES.jpeg);
    expect(markersIn(input)).toEqual(
      expect.arrayContaining(['FixtureCam', 'FX-1000', 'GPSLatitude', 'Sydney', 'trailer with a location']),
    );
    const output = await strip('image/jpeg', input);

    expect(markersIn(output)).toEqual([]);
    expect(output.includes(Buffer.from('Exif\0\0MM'))).toBe(true); // only the orientation is carried over
    expect((await fileTypeFromBuffer(output))?.mime).toBe('image/jpeg');
    expect(jpegSize(output)).toEqual({ width: 64, height: 48 });
    const before = jpegSegments(input);
    const after = jpegSegments(output);
    expect(after.scan.equals(before.scan)).toBe(true);
    const kept = (s: Segment) => s.marker === 0xe0 || (s.marker >= 0xc0 && s.marker <= 0xdf);
    expect(after.segments.filter(kept).map((s) => s.bytes.toString('hex'))).toEqual(
      before.segments.filter(kept).map((s) => s.bytes.toString('hex')),
    );
    expect(after.segments.map((s) => s.marker)).not.toContain(0xfe);
    expect(after.segments.map((s) => s.marker)).not.toContain(0xed);
    expect(output.subarray(-2).toString('hex')).toBe('ffd9');
  });

  it('keeps the Exif orientation on its own, so a phone photo is not shown sideways', async () => {
    const input = readFixture(FIXTURES.jpeg);
    const exifOf = (bytes: Buffer) =>
      jpegSegments(bytes)
        .segments.filter((s) => s.marker === 0xe1)
        .map((s) => exifOrientation(s.bytes.subarray(4)))
        .filter((o) => o !== null);
    expect(exifOf(input)).toEqual([6]);
    const output = await strip('image/jpeg', input);
    expect(exifOf(output)).toEqual([6]);
    expect(orientationSegment(6).length).toBeLessThan(40);
  });

  it('is idempotent and leaves a clean JPEG as it is', async () => {
    const once = await strip('image/jpeg', readFixture(FIXTURES.jpeg));
    expect((await strip('image/jpeg', once)).equals(once)).toBe(true);
  });

  it('finds the end of a long scan across read windows, from a file as from memory', async () => {
    // 64 kB of entropy data with stuffed 0xFF00 bytes and a restart marker: the EOI's 0xFF is the last byte of the
    // first 64 kB read, its 0xD9 the first of the next.
    const scan = Buffer.alloc(64 * 1024 - 1, 0x35);
    for (let i = 1000; i < scan.length - 2; i += 4999) scan.writeUInt16BE(0xff00, i);
    scan.writeUInt16BE(0xffd3, 30_000);
    const sos = Buffer.from([0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0]);
    const comment = Buffer.from([0xff, 0xfe, 0x00, 0x0c, ...Buffer.from('FixtureCam')]);
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      comment,
      sos,
      scan,
      Buffer.from([0xff, 0xd9]),
      Buffer.from('Sydney'),
    ]);
    const expected = Buffer.concat([Buffer.from([0xff, 0xd8]), sos, scan, Buffer.from([0xff, 0xd9])]);
    expect((await strip('image/jpeg', jpeg)).equals(expected)).toBe(true);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'hep-strip-'));
    const file = path.join(dir, 'long.jpg');
    writeFileSync(file, jpeg);
    const handle = await open(file, 'r');
    try {
      const source = fileSource(handle, jpeg.length);
      expect((await planToBuffer(source, await stripMetadata('image/jpeg', source))).equals(expected)).toBe(
        true,
      );
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true });
    }
  });

  it('refuses bytes that only start like a JPEG', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x40]), Buffer.from('short')]);
    await expect(strip('image/jpeg', fake)).rejects.toBeInstanceOf(MalformedMediaError);
  });
});

describe('PNG', () => {
  it('removes tEXt, zTXt, iTXt, eXIf and tIME chunks and keeps the image chunks with their CRCs', async () => {
    const input = readFixture(FIXTURES.png);
    expect(markersIn(input)).toEqual(expect.arrayContaining(['Jane Secret', 'FixtureCam', 'GPSLatitude']));
    const output = await strip('image/png', input);

    expect(markersIn(output)).toEqual([]);
    const types = pngChunks(output).map((c) => c.type);
    for (const dropped of ['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']) expect(types).not.toContain(dropped);
    expect(types[0]).toBe('IHDR');
    expect(types.at(-1)).toBe('IEND');
    const imageChunks = (bytes: Buffer) =>
      pngChunks(bytes)
        .filter((c) => ['IHDR', 'PLTE', 'IDAT', 'IEND'].includes(c.type))
        .map((c) => c.bytes.toString('hex'));
    expect(imageChunks(output)).toEqual(imageChunks(input));
    expect(output.readUInt32BE(16)).toBe(64); // width, from IHDR
    expect(output.readUInt32BE(20)).toBe(48);
    expect((await fileTypeFromBuffer(output))?.mime).toBe('image/png');
  });

  it('refuses a PNG cut short', async () => {
    const input = readFixture(FIXTURES.png);
    await expect(strip('image/png', input.subarray(0, input.length - 20))).rejects.toBeInstanceOf(
      MalformedMediaError,
    );
  });
});

describe('WebP', () => {
  it('removes the EXIF and XMP chunks, clears their VP8X flags and fixes the RIFF size', async () => {
    const input = readFixture(FIXTURES.webp);
    expect(markersIn(input)).toEqual(expect.arrayContaining(['FixtureCam', 'GPSLatitude']));
    expect(input[20]! & 0x0c).toBe(0x0c);
    const output = await strip('image/webp', input);

    expect(markersIn(output)).toEqual([]);
    expect(riffChunks(output).map((c) => c.id)).toEqual(['VP8X', 'VP8 ']);
    expect(output.readUInt32LE(4)).toBe(output.length - 8);
    expect(output[20]! & 0x0c).toBe(0);
    const vp8 = (bytes: Buffer) => riffChunks(bytes).find((c) => c.id === 'VP8 ')!.bytes;
    expect(vp8(output).equals(vp8(input))).toBe(true);
    // canvas size in VP8X is unchanged: 64 x 48
    expect(output.readUIntLE(24, 3) + 1).toBe(64);
    expect(output.readUIntLE(27, 3) + 1).toBe(48);
    expect((await fileTypeFromBuffer(output))?.mime).toBe('image/webp');
  });
});

describe('GIF', () => {
  it('removes comments and the XMP application block, keeps the animation loop and every frame', async () => {
    const input = readFixture(FIXTURES.gif);
    expect(markersIn(input)).toEqual(expect.arrayContaining(['FixtureCam', 'GPSLatitude']));
    const output = await strip('image/gif', input);

    expect(markersIn(output)).toEqual([]);
    expect(output.includes(Buffer.from('XMP DataXMP'))).toBe(false);
    expect(output.includes(Buffer.from('NETSCAPE2.0'))).toBe(true);
    expect(output.subarray(0, 13).equals(input.subarray(0, 13))).toBe(true); // size and colours
    expect(output.at(-1)).toBe(0x3b);
    // The stripped file is the input without the two inserted blocks: nothing else changed.
    const comment = Buffer.concat([
      Buffer.from([0x21, 0xfe, 22]),
      Buffer.from('Made with a FixtureCam'),
      Buffer.from([0]),
    ]);
    expect(input.includes(comment)).toBe(true);
    expect(output.length).toBeLessThan(input.length - comment.length);
    expect((await fileTypeFromBuffer(output))?.mime).toBe('image/gif');
  });
});
