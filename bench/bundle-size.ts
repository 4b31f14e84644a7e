// The first bundle of the login page and of the client's landing page (/programs), gzip, as a ratio to a bare
// React + React Router skeleton built the same way (within 1.3 x: docs/product/operations.md#performance-targets).
// The first bundle is what the browser must load before the page renders: the entry chunk, the page's own chunk when
// the route is lazy, the English catalog, and every chunk either imports statically. CSS is counted apart. Both apps are built into
// temporary folders, so apps/web/dist (which the server and the browser journeys use) is left alone.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_ROOT = path.resolve(here, '../apps/web');
const WEB_CONFIG = path.join(WEB_ROOT, 'vite.config.ts');
const SKELETON_CONFIG = path.resolve(here, 'skeleton/vite.config.ts');

/**
 * The pages measured: the route a person opens and the modules its route renders (under apps/web): a signed-in
 * page also needs the layout that provides the query client (src/app/query-layout.tsx).
 */
export const FIRST_PAGES = [
  { name: 'login', route: '/login', modules: ['src/app/routes/auth/login.tsx'] },
  {
    name: 'programs',
    route: '/programs',
    modules: ['src/app/routes/programs/programs.tsx', 'src/app/query-layout.tsx'],
  },
] as const;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FirstBundle {
  /** Every JavaScript file the page needs before it renders, as served (dist-relative). */
  files: { file: string; bytes: number; gzip: number }[];
  gzip: number;
  bytes: number;
  /** What the server sends a browser that takes brotli: the build's own .br files. */
  brotli: number;
  cssGzip: number;
}

export interface BundleSizes {
  skeletonGzip: number;
  skeleton: FirstBundle;
  pages: { name: string; route: string; gzip: number; ratio: number; bundle: FirstBundle }[];
}

interface Built {
  dir: string;
  manifest: Manifest;
  /** Which output file holds each module (absolute ids): a page grouped into a named chunk has no manifest key. */
  fileOfModule: Map<string, string>;
}

async function buildWithManifest(configFile: string): Promise<Built> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hep-bundle-'));
  const output = (await build({
    configFile,
    logLevel: 'silent',
    build: { outDir: dir, emptyOutDir: true, manifest: true },
  })) as Rollup.RollupOutput;
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const fileOfModule = new Map<string, string>();
  for (const item of output.output)
    if (item.type === 'chunk') for (const id of item.moduleIds) fileOfModule.set(id, item.fileName);
  return { dir, manifest, fileOfModule };
}

function gzipBytes(dir: string, file: string): { bytes: number; gzip: number } {
  const content = readFileSync(path.join(dir, file));
  return { bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

const TEXT_FILE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/** Text files of a build over 1 KB without their .br and .gz copies (apps/web/vite-plugins/precompress.ts). */
export function missingCompressedCopies(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => TEXT_FILE.test(file) && !file.startsWith('.vite'))
    .filter((file) => readFileSync(path.join(dir, file)).length > 1024)
    .filter((file) => !existsSync(path.join(dir, `${file}.br`)) || !existsSync(path.join(dir, `${file}.gz`)));
}

/** The English catalog's first part, which the app loads before its first paint (apps/web/src/lib/i18n/active-language.ts). */
const FIRST_CATALOG = 'src/locales/en.first.ts';

/**
 * The entry plus the chunks holding `pageFiles` (when not the entry), the English catalog when the app has one, and
 * every chunk they import statically.
 */
export function firstBundle({ dir, manifest }: Built, pageFiles: readonly string[] = []): FirstBundle {
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  visit(FIRST_CATALOG);
  for (const pageFile of pageFiles) {
    const key = Object.keys(manifest).find((k) => manifest[k]!.file === pageFile);
    if (!key) throw new Error(`${pageFile} is not in the manifest`);
    visit(key);
  }

  const files = [...keys].map((key) => ({
    file: manifest[key]!.file,
    ...gzipBytes(dir, manifest[key]!.file),
  }));
  const css = new Set([...keys].flatMap((key) => manifest[key]!.css ?? []));
  // Bootstrap's stylesheet is linked by the app (for the language's direction), not imported: the left-to-right one.
  for (const file of readdirSync(path.join(dir, 'assets')))
    if (/^bootstrap\.min-[\w-]+\.css$/.test(file)) css.add(`assets/${file}`);
  return {
    files: files.sort((a, b) => b.gzip - a.gzip),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    brotli: files.reduce((sum, f) => {
      const br = path.join(dir, `${f.file}.br`);
      return sum + (existsSync(br) ? readFileSync(br).length : f.bytes);
    }, 0),
    cssGzip: [...css].reduce((sum, file) => sum + gzipBytes(dir, file).gzip, 0),
  };
}

/** Builds the skeleton and the web app and measures the first bundle of each page in FIRST_PAGES. */
export async function measureFirstBundles(): Promise<BundleSizes> {
  const skeletonBuild = await buildWithManifest(SKELETON_CONFIG);
  const webBuild = await buildWithManifest(WEB_CONFIG);
  try {
    const missing = missingCompressedCopies(webBuild.dir);
    if (missing.length > 0)
      throw new Error(`the web build left these without .br/.gz copies: ${missing.join(', ')}`);
    const skeleton = firstBundle(skeletonBuild);
    const pages = FIRST_PAGES.map((page) => {
      const pageFiles = page.modules.map((module) => {
        const file = webBuild.fileOfModule.get(path.join(WEB_ROOT, module));
        if (!file) throw new Error(`${module} is in no chunk of the web build`);
        return file;
      });
      const bundle = firstBundle(webBuild, pageFiles);
      return {
        name: page.name,
        route: page.route,
        gzip: bundle.gzip,
        ratio: bundle.gzip / skeleton.gzip,
        bundle,
      };
    });
    return { skeletonGzip: skeleton.gzip, skeleton, pages };
  } finally {
    rmSync(skeletonBuild.dir, { recursive: true, force: true });
    rmSync(webBuild.dir, { recursive: true, force: true });
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function printFirstBundles(sizes: BundleSizes): void {
  console.log(`first bundle (gzip), skeleton React + React Router: ${kb(sizes.skeletonGzip)}`);
  for (const page of sizes.pages) {
    const { bundle } = page;
    console.log(
      `  ${page.route.padEnd(10)} ${kb(page.gzip).padStart(9)} gzip (${kb(bundle.bytes)} raw, ` +
        `${kb(bundle.brotli)} as sent in brotli)  ${page.ratio.toFixed(2)} x skeleton (target <= 1.3)  ` +
        `css ${kb(bundle.cssGzip)} gzip`,
    );
    for (const file of bundle.files) console.log(`      ${kb(file.gzip).padStart(9)}  ${file.file}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printFirstBundles(await measureFirstBundles());
}
