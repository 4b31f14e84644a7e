import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { FIXTURES, markersIn, readFixture } from '../../../test/fixtures/media-fixtures';
import { bufferSource, fileSource, MalformedMediaError } from './strip/byte-source';
import { planToBuffer } from './strip/plan';
import { stripMetadata } from './strip/strip';
import { exifOrientation, orientationSegment } from './strip/strip-jpeg';
import { voidElement } from './strip/strip-webm';

const strip = async (mime: string, bytes: Uint8Array) =>
  planToBuffer(bufferSource(bytes), await stripMetadata(mime, bufferSource(bytes)));

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

function riffChunks(bytes: Buffer) {
  const chunks: { id: string; bytes: Buffer }[] = [];
  for (let pos = 12; pos + 8 <= bytes.length;) {
    const size = bytes.readUInt32LE(pos + 4);
    chunks.push({
      id: bytes.subarray(pos, pos + 4).toString('latin1'),
      bytes: bytes.subarray(pos, pos + 8 + size),
    });
    pos += 8 + size + (size % 2);
  }
  return chunks;
}

function mp4Boxes(bytes: Buffer, from = 0, to = bytes.length) {
  const boxes: { type: string; start: number; end: number }[] = [];
  for (let pos = from; pos + 8 <= to;) {
    const end = pos + bytes.readUInt32BE(pos);
    boxes.push({ type: bytes.subarray(pos + 4, pos + 8).toString('latin1'), start: pos, end });
    pos = end;
  }
  return boxes;
}

/** The elements directly in the (known-size) Segment of a WebM file. */
function segmentChildren(bytes: Buffer) {
  const vint = (pos: number, keepMarker: boolean) => {
    const length = Math.clz32(bytes[pos]!) - 23;
    let value = keepMarker ? bytes[pos]! : bytes[pos]! & (0xff >> length);
    for (let i = 1; i < length; i++) value = value * 256 + bytes[pos + i]!;
    return { length, value };
  };
  const element = (pos: number) => {
    const id = vint(pos, true);
    const size = vint(pos + id.length, false);
    return {
      id: id.value,
      dataStart: pos + id.length + size.length,
      end: pos + id.length + size.length + size.value,
    };
  };
  const segment = element(element(0).end);
  const children: { id: number; start: number; end: number }[] = [];
  for (let pos = segment.dataStart; pos < segment.end;) {
    const child = element(pos);
    children.push({ id: child.id, start: pos, end: child.end });
    pos = child.end;
  }
  return children;
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

describe('MP4 and QuickTime', () => {
  it('turns udta and meta boxes into zero-filled free boxes in place: GPS and device gone, offsets valid', async () => {
    const input = readFixture(FIXTURES.mp4);
    expect(markersIn(input)).toEqual(expect.arrayContaining(['FixtureCam', 'FX-1000', '+27.9881+086.9250']));
    const output = await strip('video/mp4', input);

    expect(markersIn(output)).toEqual([]);
    expect(output.length).toBe(input.length);
    expect(mp4Boxes(output).map((b) => b.type)).toEqual(mp4Boxes(input).map((b) => b.type));
    expect(mp4Boxes(output).map((b) => b.type)).toEqual(expect.arrayContaining(['ftyp', 'moov', 'mdat']));
    const mdat = (bytes: Buffer) => {
      const box = mp4Boxes(bytes).find((b) => b.type === 'mdat')!;
      return bytes.subarray(box.start, box.end);
    };
    expect(mdat(output).equals(mdat(input))).toBe(true);
    const moov = mp4Boxes(output).find((b) => b.type === 'moov')!;
    const children = mp4Boxes(output, moov.start + 8, moov.end);
    expect(children.map((b) => b.type)).toEqual(['mvhd', 'trak', 'trak', 'free']);
    const freed = children.at(-1)!;
    expect(output.subarray(freed.start + 8, freed.end).every((b) => b === 0)).toBe(true);
    // Every byte outside the blanked box is unchanged (stco offsets into mdat stay right).
    expect(output.subarray(0, freed.start).equals(input.subarray(0, freed.start))).toBe(true);
    expect(output.subarray(freed.end).equals(input.subarray(freed.end))).toBe(true);
    expect((await fileTypeFromBuffer(output))?.mime).toBe('video/mp4');
  });

  it('does the same for a QuickTime movie (©xyz, ©mak, ©mod)', async () => {
    const input = readFixture(FIXTURES.mov);
    expect(markersIn(input)).toEqual(expect.arrayContaining(['FixtureCam', '+27.9881+086.9250']));
    const output = await strip('video/quicktime', input);
    expect(markersIn(output)).toEqual([]);
    expect(output.length).toBe(input.length);
    expect((await fileTypeFromBuffer(output))?.mime).toBe((await fileTypeFromBuffer(input))?.mime);
  });

  it('blanks udta inside a track and handles 64-bit box sizes', async () => {
    const box = (type: string, payload: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(8 + payload.length);
      head.write(type, 4, 'latin1');
      return Buffer.concat([head, payload]);
    };
    const largeMdat = Buffer.alloc(16 + 4);
    largeMdat.writeUInt32BE(1);
    largeMdat.write('mdat', 4, 'latin1');
    largeMdat.writeBigUInt64BE(20n, 8);
    const file = Buffer.concat([
      box('ftyp', Buffer.from('isom\0\0\0\0isom')),
      box(
        'moov',
        Buffer.concat([
          box('trak', Buffer.concat([box('tkhd', Buffer.alloc(4)), box('udta', Buffer.from('FixtureCam'))])),
        ]),
      ),
      largeMdat,
    ]);
    const output = await strip('video/mp4', file);
    expect(markersIn(output)).toEqual([]);
    expect(output.length).toBe(file.length);
    expect(output.includes(Buffer.from('free'))).toBe(true);
    expect(output.subarray(-20).equals(largeMdat)).toBe(true);
  });

  it('refuses a box that claims more bytes than its parent has', async () => {
    const bad = Buffer.alloc(16);
    bad.writeUInt32BE(400);
    bad.write('moov', 4, 'latin1');
    await expect(strip('video/mp4', bad)).rejects.toBeInstanceOf(MalformedMediaError);
  });
});

describe('WebM', () => {
  it('turns Tags and the title into Void elements of the same length', async () => {
    const input = readFixture(FIXTURES.webm);
    expect(markersIn(input)).toEqual(
      expect.arrayContaining(['FixtureCam', 'Secret Title', '+27.9881+086.9250']),
    );
    const output = await strip('video/webm', input);

    expect(markersIn(output)).toEqual([]);
    expect(output.length).toBe(input.length);
    const ids = (bytes: Buffer) => segmentChildren(bytes).map((e) => e.id.toString(16));
    expect(ids(input)).toContain('1254c367'); // Tags
    expect(ids(output)).not.toContain('1254c367');
    expect(ids(output)).toContain('ec'); // Void
    expect(ids(output)).toEqual(ids(input).map((id) => (id === '1254c367' ? 'ec' : id)));
    expect((await fileTypeFromBuffer(output))?.mime).toBe('video/webm');
    // Only the blanked elements differ: every cluster byte is the same.
    const cluster = input.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));
    const tags = input.indexOf(Buffer.from([0x12, 0x54, 0xc3, 0x67]));
    expect(cluster).toBeGreaterThan(0);
    const clustersEnd = tags > cluster ? tags : input.length;
    expect(output.subarray(cluster, clustersEnd).equals(input.subarray(cluster, clustersEnd))).toBe(true);
  });

  it('walks a live recording whose Segment and Clusters have an unknown size', async () => {
    const unknown = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    const ebml = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x86, 0x81, 0x01]);
    const simpleBlock = Buffer.from([0xa3, 0x85, 1, 2, 3, 4, 5]);
    const cluster = Buffer.concat([Buffer.from([0x1f, 0x43, 0xb6, 0x75]), unknown, simpleBlock]);
    const tagsPayload = Buffer.from('FixtureCam');
    const tags = Buffer.concat([
      Buffer.from([0x12, 0x54, 0xc3, 0x67, 0x80 | tagsPayload.length]),
      tagsPayload,
    ]);
    const segment = Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67]), unknown, cluster, cluster, tags]);
    const file = Buffer.concat([ebml, segment]);
    const output = await strip('video/webm', file);
    expect(markersIn(output)).toEqual([]);
    expect(output.length).toBe(file.length);
    expect(
      output.subarray(0, file.length - tags.length).equals(file.subarray(0, file.length - tags.length)),
    ).toBe(true);
    expect(output[file.length - tags.length]).toBe(0xec);
  });

  it('encodes Void elements of any length exactly', () => {
    for (const total of [2, 3, 5, 9, 10, 200, 70_000]) {
      const { header, zeros } = voidElement(total);
      expect(header[0]).toBe(0xec);
      expect(header.length + zeros).toBe(total);
      const sizeLength = Math.clz32(header[1]!) - 23;
      expect(sizeLength).toBe(header.length - 1);
      let value = header[1]! & (0xff >> sizeLength);
      for (let i = 2; i < header.length; i++) value = value * 256 + header[i]!;
      expect(value).toBe(zeros);
    }
  });
});

describe('AVI', () => {
  it('turns LIST INFO into a zero-filled JUNK chunk of the same size', async () => {
    const input = readFixture(FIXTURES.avi);
    expect(markersIn(input)).toEqual(expect.arrayContaining(['FixtureCam', 'Secret Title']));
    const output = await strip('video/x-msvideo', input);
    expect(markersIn(output)).toEqual([]);
    expect(output.length).toBe(input.length);
    expect(riffChunks(output).map((c) => c.id)).toEqual(
      riffChunks(input).map((c) =>
        c.id === 'LIST' && c.bytes.subarray(8, 12).toString() === 'INFO' ? 'JUNK' : c.id,
      ),
    );
    expect((await fileTypeFromBuffer(output))?.mime).toBe('video/vnd.avi');
  });
});
