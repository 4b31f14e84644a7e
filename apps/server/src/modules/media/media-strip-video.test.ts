import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { FIXTURES, markersIn, readFixture } from '../../../test/fixtures/media-fixtures';
import { MalformedMediaError } from './strip/byte-source';
import { voidElement } from './strip/strip-webm';
import { riffChunks, strip } from './media-strip.test-support';

// Metadata removal from videos (MP4 and QuickTime, WebM, AVI); photos are media-strip.test.ts.

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
