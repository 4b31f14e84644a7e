// What the login page and the client's landing page (/programs) load, measured in Chromium against a bare React +
// React Router skeleton loaded the same way (docs/decisions/032-first-paint-and-after.md; targets in
// docs/product/operations.md#performance-targets): the JavaScript fetched before the first contentful paint
// (within 1.3 x the skeleton's), and all of it until the network is idle (within 1.5 x), in gzip. Both apps are built
// into temporary folders (apps/web/dist, which the server and the browser journeys use, is left alone) and served by
// the real server (bench/bundle-server.ts). Each page opens in a fresh browser context (empty cache, no service worker
// yet), on a phone's network, signed in as the demo client where the page needs it. Exits 1 when a page is over a
// target.
// Run alone: npx tsx bench/bundle-size.ts [--runs N]
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(here, '..');
const WEB_CONFIG = path.resolve(here, '../apps/web/vite.config.ts');
const SKELETON_CONFIG = path.resolve(here, 'skeleton/vite.config.ts');

export const TARGETS = { firstPaint: 1.3, idle: 1.5 } as const;

/** The pages measured; `signedIn` opens the page with the demo client's session. */
export const PAGES = [
  { name: 'login', route: '/login', signedIn: false },
  { name: 'programs', route: '/programs', signedIn: true },
] as const;

/** As the browser journeys run Chromium (e2e/support/browser.ts). */
const BROWSER_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** 150 ms round trips, 1.6 Mbit/s down and 750 kbit/s up, in bytes per second. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };

/** The network is idle once nothing is in flight for this long (Playwright's own `networkidle` waits 500 ms). */
const QUIET_MS = 2_000;
const PAGE_TIMEOUT_MS = 60_000;

export interface LoadedScript {
  /** The path on the site, e.g. /assets/index-abc.js */
  file: string;
  gzip: number;
  bytes: number;
  /** Fetch start and end, ms from the navigation's start (the script's resource timing). */
  start: number;
  end: number;
  beforePaint: boolean;
}

export interface PageLoad {
  fcp: number;
  scripts: LoadedScript[];
  firstPaintGzip: number;
  idleGzip: number;
  /** Fetched by the service worker for itself (its script and precache), not by the page: not counted. */
  workerGzip: number;
}

export interface PageFigures {
  name: string;
  route: string;
  firstPaint: { gzip: number; ratio: number };
  idle: { gzip: number; ratio: number };
  /** The run whose idle total was the largest. */
  load: PageLoad;
}

export interface BundleSizes {
  skeleton: PageLoad;
  /** The skeleton's first paint: the baseline of both ratios (it loads nothing after it). */
  skeletonGzip: number;
  pages: PageFigures[];
  met: boolean;
}

async function buildInto(configFile: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hep-bundle-'));
  await build({ configFile, logLevel: 'silent', build: { outDir: dir, emptyOutDir: true } });
  return dir;
}

const TEXT_FILE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/** Text files of a build over 1 KB without their .br and .gz copies (apps/web/vite-plugins/precompress.ts). */
export function missingCompressedCopies(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => TEXT_FILE.test(file) && !file.startsWith('.vite'))
    .filter((file) => readFileSync(path.join(dir, file)).length > 1024)
    .filter((file) => !existsSync(path.join(dir, `${file}.br`)) || !existsSync(path.join(dir, `${file}.gz`)));
}

interface Server {
  web: string;
  skeleton: string;
  client: { email: string; password: string };
  stop: () => Promise<void>;
}

/** bench/bundle-server.ts on the two builds, with the embedded database in a temporary folder. */
function startServer(webDist: string, skeletonDist: string): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hep-bundle-data-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/bundle-server.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SECRET_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      // Each context names its own address, clear of the login throttle.
      TRUST_PROXY: '1',
      BUNDLE_WEB_DIST: webDist,
      BUNDLE_SKELETON_DIST: skeletonDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  // Not left running when this process ends early.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', orphaned);
    rmSync(dataDir, { recursive: true, force: true });
  };
  let output = '';
  return new Promise((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      const web = /web listening on (\S+)/.exec(output)?.[1];
      const skeleton = /skeleton listening on (\S+)/.exec(output)?.[1];
      const login = /^\s+client\s+(\S+@\S+)\s+(\S+)$/m.exec(output);
      if (web && skeleton && login)
        resolve({ web, skeleton, client: { email: login[1]!, password: login[2]! }, stop });
    };
    child.stdout!.on('data', onOutput);
    child.stderr!.on('data', onOutput);
    void exited.then(async () => {
      await stop();
      reject(new Error(`bench/bundle-server.ts exited:\n${output}`));
    });
  });
}

let lastAddress = 0;
/** A documentation address (198.18.0.0/15) per context, so that no per-address limit is shared between loads. */
const nextAddress = () => `198.18.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

/** Resolves once no request but the event stream has been in flight for QUIET_MS. */
function networkIdle(page: Page): { idle: Promise<void>; done: () => void } {
  const context = page.context();
  const inFlight = new Set<unknown>();
  let timer: NodeJS.Timeout | undefined;
  let resolveIdle: () => void = () => undefined;
  const idle = new Promise<void>((resolve) => (resolveIdle = resolve));
  const arm = () => {
    clearTimeout(timer);
    if (inFlight.size === 0) timer = setTimeout(resolveIdle, QUIET_MS);
  };
  const started = (request: { url: () => string; resourceType: () => string }) => {
    // A page's live event stream stays open for as long as the page does.
    if (request.resourceType() === 'eventsource' || request.url().includes('/api/events')) return;
    inFlight.add(request);
    arm();
  };
  const ended = (request: unknown) => {
    inFlight.delete(request);
    arm();
  };
  context.on('request', started);
  context.on('requestfinished', ended);
  context.on('requestfailed', ended);
  arm();
  return {
    idle,
    done: () => {
      clearTimeout(timer);
      context.off('request', started);
      context.off('requestfinished', ended);
      context.off('requestfailed', ended);
    },
  };
}

interface Timing {
  name: string;
  start: number;
  end: number;
}

/** Opens `url` in a fresh context and sums what it fetched (see the head of this file). */
async function loadPage(
  browser: Browser,
  url: string,
  session?: { web: string; email: string; password: string },
): Promise<PageLoad> {
  const origin = new URL(url).origin;
  const headers = { 'X-Forwarded-For': nextAddress() };
  let storageState:
    Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>> | undefined;
  if (session) {
    // Signed in through the API alone, so that no page's scripts are in the cache: the refresh cookie, and the
    // stored user the app reads at start (apps/web/src/lib/session.ts).
    const login = await browser.newContext({ baseURL: session.web, extraHTTPHeaders: headers });
    const response = await login.request.post('/api/login/', {
      data: { email: session.email, password: session.password },
    });
    if (!response.ok()) throw new Error(`signing in failed: ${response.status()} ${await response.text()}`);
    const body = (await response.json()) as {
      user_id: number;
      first_name: string;
      user_email: string;
      is_therapist: string;
      is_staff: boolean;
      is_carer: boolean;
    };
    const state = await login.storageState();
    await login.close();
    storageState = {
      cookies: state.cookies,
      origins: [
        {
          origin,
          localStorage: [
            { name: 'user_id', value: String(body.user_id) },
            { name: 'first_name', value: body.first_name },
            { name: 'user_email', value: body.user_email },
            { name: 'is_therapist', value: body.is_therapist },
            { name: 'is_staff', value: String(body.is_staff) },
            { name: 'is_carer', value: String(body.is_carer) },
          ],
        },
      ],
    };
  }
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'en-AU',
    serviceWorkers: 'allow',
    extraHTTPHeaders: headers,
    storageState,
  });
  try {
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer | null>>();
    let workerGzip = 0;
    const workerBodies: Promise<void>[] = [];
    context.on('response', (response) => {
      const request = response.request();
      const file = new URL(response.url()).pathname;
      if (!file.endsWith('.js')) return;
      const body = response.body().catch(() => null);
      // The worker's own script (fetched by the browser for the registration) and what the worker fetches itself.
      if (request.serviceWorker() || file === '/service-worker.js')
        workerBodies.push(body.then((b) => void (workerGzip += b ? gzipSync(b, { level: 9 }).length : 0)));
      else if (!bodies.has(file)) bodies.set(file, body);
    });
    // A phone's network (Lighthouse's mobile throttling), so that what the page fetches and when it paints come in
    // the order they would: on the loopback every fetch is instant, and a script fetched after the page rendered
    // could land before a busy machine got the paint out.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    const network = networkIdle(page);
    await page.goto(url, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    await Promise.race([
      network.idle,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`${url}: the network was not idle within 60 s`)), PAGE_TIMEOUT_MS),
      ),
    ]);
    network.done();
    const { fcp, timings } = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      // The browser's resource timing entries (this runs in the page; bench/ is typed for Node).
      const resources = performance.getEntriesByType('resource') as unknown as {
        name: string;
        startTime: number;
        responseEnd: number;
      }[];
      return {
        fcp: paint ? paint.startTime : null,
        timings: resources.map((r) => ({
          name: new URL(r.name).pathname,
          start: r.startTime,
          end: r.responseEnd,
        })),
      };
    });
    if (fcp === null) throw new Error(`${url}: no first contentful paint`);
    const timingOf = new Map<string, Timing>(timings.map((t: Timing) => [t.name, t]));
    const scripts: LoadedScript[] = [];
    for (const [file, body] of bodies) {
      const content = await body;
      if (!content) throw new Error(`${url}: no body for ${file}`);
      const timing = timingOf.get(file);
      if (!timing) throw new Error(`${url}: ${file} has no resource timing`);
      scripts.push({
        file,
        bytes: content.length,
        gzip: gzipSync(content, { level: 9 }).length,
        start: timing.start,
        end: timing.end,
        // Loaded by the time the page first painted: whatever the paint may have needed.
        beforePaint: timing.end <= fcp,
      });
    }
    await Promise.all(workerBodies);
    scripts.sort((a, b) => a.end - b.end);
    const sum = (list: LoadedScript[]) => list.reduce((total, s) => total + s.gzip, 0);
    return {
      fcp,
      scripts,
      firstPaintGzip: sum(scripts.filter((s) => s.beforePaint)),
      idleGzip: sum(scripts),
      workerGzip,
    };
  } finally {
    await context.close();
  }
}

/** Installs Chromium where it is missing, as the tests do (scripts/ensure-chromium.sh); throws when it cannot. */
export function ensureChromium(): void {
  execFileSync('bash', [path.join(here, '../scripts/ensure-chromium.sh')], { stdio: 'inherit' });
}

/** Builds both apps, serves them, and loads each page `runs` times; each figure is its worst run's. */
export async function measureFirstBundles({ runs = 3 }: { runs?: number } = {}): Promise<BundleSizes> {
  ensureChromium();
  const skeletonDist = await buildInto(SKELETON_CONFIG);
  const webDist = await buildInto(WEB_CONFIG);
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    const missing = missingCompressedCopies(webDist);
    if (missing.length > 0)
      throw new Error(`the web build left these without .br/.gz copies: ${missing.join(', ')}`);
    server = await startServer(webDist, skeletonDist);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: BROWSER_FLAGS });
    const worst = async (load: () => Promise<PageLoad>) => {
      const loads: PageLoad[] = [];
      for (let run = 0; run < runs; run++) loads.push(await load());
      return {
        firstPaintGzip: Math.max(...loads.map((l) => l.firstPaintGzip)),
        load: loads.reduce((a, b) => (b.idleGzip > a.idleGzip ? b : a)),
      };
    };
    const { web, skeleton: skeletonUrl, client } = server;
    const skeletonRuns = await worst(() => loadPage(browser!, `${skeletonUrl}/`));
    // The skeleton's smallest first paint would flatter it; every run of it loads the same files anyway.
    const skeletonGzip = skeletonRuns.firstPaintGzip;
    const pages: PageFigures[] = [];
    for (const page of PAGES) {
      const measured = await worst(() =>
        loadPage(browser!, `${web}${page.route}`, page.signedIn ? { web, ...client } : undefined),
      );
      pages.push({
        name: page.name,
        route: page.route,
        firstPaint: { gzip: measured.firstPaintGzip, ratio: measured.firstPaintGzip / skeletonGzip },
        idle: { gzip: measured.load.idleGzip, ratio: measured.load.idleGzip / skeletonGzip },
        load: measured.load,
      });
    }
    const met = pages.every((p) => p.firstPaint.ratio <= TARGETS.firstPaint && p.idle.ratio <= TARGETS.idle);
    return { skeleton: skeletonRuns.load, skeletonGzip, pages, met };
  } finally {
    await browser?.close();
    await server?.stop();
    rmSync(skeletonDist, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const verdict = (ratio: number, target: number) =>
  `${ratio.toFixed(2)} x (target <= ${target}: ${ratio <= target ? 'met' : 'NOT MET'})`;

export function printFirstBundles(sizes: BundleSizes): void {
  console.log(
    `JavaScript loaded in Chromium (gzip); skeleton React + React Router: ${kb(sizes.skeletonGzip)} ` +
      `(${sizes.skeleton.scripts.length} scripts, first paint at ${sizes.skeleton.fcp.toFixed(0)} ms)`,
  );
  for (const page of sizes.pages) {
    const { load } = page;
    console.log(
      `  ${page.route.padEnd(10)} before first paint ${kb(page.firstPaint.gzip).padStart(9)}  ` +
        `${verdict(page.firstPaint.ratio, TARGETS.firstPaint)}`,
    );
    console.log(
      `  ${''.padEnd(10)} until network idle ${kb(page.idle.gzip).padStart(9)}  ` +
        `${verdict(page.idle.ratio, TARGETS.idle)}  (${load.scripts.length} scripts; ` +
        `the service worker fetched ${kb(load.workerGzip)} more for itself, not counted)`,
    );
    console.log(`      first contentful paint at ${load.fcp.toFixed(0)} ms in the run listed:`);
    for (const script of load.scripts)
      console.log(
        `      ${kb(script.gzip).padStart(9)}  ${script.beforePaint ? 'before' : 'after '}  ` +
          `${script.start.toFixed(0).padStart(5)}-${script.end.toFixed(0).padEnd(5)} ms  ${script.file}`,
      );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const runsArg = process.argv.indexOf('--runs');
  const sizes = await measureFirstBundles(runsArg > 0 ? { runs: Number(process.argv[runsArg + 1]) } : {});
  printFirstBundles(sizes);
  if (!sizes.met) {
    console.error('A page loads more than its target allows.');
    process.exitCode = 1;
  }
}
