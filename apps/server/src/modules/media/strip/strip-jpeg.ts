import { type ByteSource, MalformedMediaError, readExact } from './byte-source';
import { Plan } from './plan';

const WHAT = 'JPEG';
const SOS = 0xda;
const EOI = 0xd9;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;

/** Segments that carry no picture data but can carry a camera, a place or an author. */
function dropsSegment(marker: number, head: Buffer): boolean {
  if (marker === 0xfe) return true; // COM
  if (marker === APP2) return head.subarray(0, 4).toString('latin1') === 'MPF\0'; // keeps ICC profiles
  // APP1 (Exif, XMP), APP3..APP13 (IPTC/Photoshop in APP13, maker blocks), APP15; APP0 JFIF and APP14 Adobe stay.
  return marker >= APP1 && marker <= 0xef && marker !== APP14;
}

/** The orientation tag (0x0112) of an Exif APP1 payload, or null. */
export function exifOrientation(payload: Buffer): number | null {
  if (payload.length < 14 || payload.subarray(0, 6).toString('latin1') !== 'Exif\0\0') return null;
  const tiff = payload.subarray(6);
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  if (!little && tiff.subarray(0, 2).toString('latin1') !== 'MM') return null;
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** A minimal Exif APP1 holding only the orientation, so a phone photo is not shown sideways once its Exif is gone. */
export function orientationSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // count
  tiff.writeUInt16BE(orientation, 18);
  // next IFD offset (bytes 22..25) stays 0
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, APP1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** The offset of the next marker after entropy-coded data (an 0xFF not followed by 0x00 or RSTn), or the end. */
async function endOfScan(source: ByteSource, from: number): Promise<number> {
  const CHUNK = 64 * 1024;
  for (let at = from; at < source.size;) {
    const chunk = Buffer.from(await source.read(at, CHUNK + 1));
    let i = chunk.indexOf(0xff);
    while (i !== -1 && i + 1 < chunk.length) {
      const next = chunk[i + 1]!;
      if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) return at + i;
      i = chunk.indexOf(0xff, i + 1);
    }
    if (chunk.length <= CHUNK) break;
    at += CHUNK;
  }
  return source.size;
}

/**
 * Removes Exif (GPS, camera make and model), XMP, IPTC, comments and data after the end of the picture; every
 * segment that draws the picture is kept byte for byte. An Exif orientation is carried over on its own.
 */
export async function stripJpeg(source: ByteSource): Promise<Plan> {
  const plan = new Plan();
  const soi = await readExact(source, 0, 2, WHAT);
  if (soi[0] !== 0xff || soi[1] !== 0xd8) throw new MalformedMediaError(WHAT);
  plan.keep(0, 2);
  let orientationWritten = false;
  let pos = 2;
  while (pos < source.size) {
    if ((await readExact(source, pos, 1, WHAT))[0] !== 0xff) throw new MalformedMediaError(WHAT);
    while (pos + 1 < source.size && (await readExact(source, pos + 1, 1, WHAT))[0] === 0xff) pos += 1; // fill bytes
    const marker = (await readExact(source, pos + 1, 1, WHAT))[0]!;
    if (marker === EOI) {
      plan.keep(pos, pos + 2);
      return plan; // anything after the picture (camera trailers, embedded videos) is dropped
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      plan.keep(pos, pos + 2);
      pos += 2;
      continue;
    }
    const length = (await readExact(source, pos + 2, 2, WHAT)).readUInt16BE(0);
    if (length < 2) throw new MalformedMediaError(WHAT);
    const end = pos + 2 + length;
    if (end > source.size) throw new MalformedMediaError(WHAT);
    const head = Buffer.from(await source.read(pos + 4, Math.min(length - 2, 64 * 1024)));
    if (dropsSegment(marker, head)) {
      if (marker === APP1 && !orientationWritten) {
        const payload = length - 2 <= head.length ? head : await readExact(source, pos + 4, length - 2, WHAT);
        const orientation = exifOrientation(payload);
        if (orientation !== null && orientation !== 1) {
          plan.bytes(orientationSegment(orientation));
          orientationWritten = true;
        }
      }
    } else {
      plan.keep(pos, end);
    }
    pos = end;
    if (marker === SOS) {
      const next = await endOfScan(source, pos);
      plan.keep(pos, next);
      pos = next;
    }
  }
  return plan; // a picture cut short still shows what it has
}
