import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes a brotli and a gzip copy beside every text file that they make smaller', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hep-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    const texts = {
      'index.html': `<!doctype html>${'<p>hello</p>'.repeat(50)}`,
      'assets/app-1.js': `console.log(${JSON.stringify('x'.repeat(2000))});`,
      'assets/app-1.css': `.a{color:red}`.repeat(100),
      'logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1"/>'.repeat(40)}</svg>`,
      'manifest.webmanifest': JSON.stringify({
        name: 'Home Exercise Program',
        icons: Array(20).fill({ src: '/a' }),
      }),
      'robots.txt': 'User-agent: *\nDisallow:\n'.repeat(20),
      'data.json': JSON.stringify(Array(50).fill({ a: 1 })),
    };
    for (const [file, content] of Object.entries(texts)) writeFileSync(path.join(dir, file), content);
    writeFileSync(path.join(dir, 'assets', 'photo.png'), Buffer.alloc(4000));
    writeFileSync(path.join(dir, 'assets', 'tiny.js'), 'x');

    await precompressDir(dir);

    for (const [file, content] of Object.entries(texts)) {
      const full = path.join(dir, file);
      expect(brotliDecompressSync(readFileSync(`${full}.br`)).toString(), file).toBe(content);
      expect(gunzipSync(readFileSync(`${full}.gz`)).toString(), file).toBe(content);
      expect(readFileSync(`${full}.br`).length).toBeLessThan(content.length);
    }
    // Images are compressed already; a file that would grow is left alone (the server then sends it as it is).
    expect(existsSync(path.join(dir, 'assets', 'photo.png.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'tiny.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'tiny.js.gz'))).toBe(false);
  });
});
