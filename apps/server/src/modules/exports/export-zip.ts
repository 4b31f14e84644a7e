import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** An entry of the download: bytes at hand (the JSON files) or a file opened only when the zip reaches it. */
export type ZipEntry = { path: string; bytes: Buffer } | { path: string; open: () => Promise<Readable> };

/**
 * The entries as a zip, streamed (docs/product/records.md#download-my-data): each file is opened only when the zip
 * reaches it and flows through in chunks, so a download holds one file's chunk in memory, not the archive, and opens
 * one store stream at a time. Photos and videos are stored as they are (already compressed); JSON is deflated. A file
 * that cannot be read ends the stream with that error, so the browser sees a failed download, never a zip that
 * looks whole but lacks a file.
 */
export function zipStream(entries: ZipEntry[], mtime: Date): Readable {
  const zip = new ZipFile();
  const out = new PassThrough();
  const fail = (error: Error) => out.destroy(error);
  // A download given up half way (the browser closed, the connection lost) lets go of the file being read at once.
  let reading: Readable | null = null;
  out.once('close', () => reading?.destroy());
  zip.on('error', fail);
  for (const entry of entries) {
    if ('bytes' in entry) {
      zip.addBuffer(entry.bytes, entry.path, { mtime, compress: true });
      continue;
    }
    zip.addReadStreamLazy(entry.path, { mtime, compress: false }, (callback) => {
      entry.open().then(
        (stream) => {
          // A file that fails while it is read (gone from the folder, the bucket going away) fails the download.
          stream.once('error', fail);
          reading = stream;
          callback(null, stream);
        },
        (error: unknown) => callback(error, undefined as never),
      );
    });
  }
  zip.outputStream.on('error', fail);
  zip.outputStream.pipe(out);
  zip.end();
  return out;
}
