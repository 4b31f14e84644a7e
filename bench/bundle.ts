import { existsSync } from 'node:fs';
import type { BundleSizes } from './bundle-size';

interface FirstBundles {
  skeletonGzip: number;
  pages: { name: string; gzip: number; ratio: number }[];
}

export type BundleReport = ({ kind: 'measured' } & FirstBundles) | { kind: 'skipped'; reason: string };

/**
 * bench/bundle-size.ts builds the web app and a skeleton and loads their pages in Chromium; imported only when present,
 * so the bench runs without it. It prints both of its figures per page (before the first paint, until the network is
 * idle), each against its target; the report's table carries the first. As with the other targets, a missed one does
 * not fail `npm run bench` (run alone, bench/bundle-size.ts does fail).
 */
export async function measureBundles(wanted: boolean): Promise<BundleReport> {
  if (!wanted) return { kind: 'skipped', reason: 'skipped (--no-bundle)' };
  const module = new URL('./bundle-size.ts', import.meta.url);
  if (!existsSync(module))
    return { kind: 'skipped', reason: 'not measured (bench/bundle-size.ts is missing)' };
  const { measureFirstBundles, printFirstBundles } = (await import(module.href)) as {
    measureFirstBundles: () => Promise<BundleSizes>;
    printFirstBundles: (sizes: BundleSizes) => void;
  };
  const sizes = await measureFirstBundles();
  console.log('');
  printFirstBundles(sizes);
  return {
    kind: 'measured',
    skeletonGzip: sizes.skeletonGzip,
    pages: sizes.pages.map((page) => ({
      name: page.name,
      gzip: page.firstPaint.gzip,
      ratio: page.firstPaint.ratio,
    })),
  };
}
