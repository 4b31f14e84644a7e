import { existsSync } from 'node:fs';

interface FirstBundles {
  skeletonGzip: number;
  pages: { name: string; gzip: number; ratio: number }[];
}

export type BundleReport = ({ kind: 'measured' } & FirstBundles) | { kind: 'skipped'; reason: string };

/** bench/bundle-size.ts builds the web app and a skeleton; imported only when present, so the bench runs without it. */
export async function measureBundles(wanted: boolean): Promise<BundleReport> {
  if (!wanted) return { kind: 'skipped', reason: 'skipped (--no-bundle)' };
  const module = new URL('./bundle-size.ts', import.meta.url);
  if (!existsSync(module))
    return { kind: 'skipped', reason: 'not measured (bench/bundle-size.ts is missing)' };
  const { measureFirstBundles } = (await import(module.href)) as {
    measureFirstBundles: () => Promise<FirstBundles>;
  };
  const sizes = await measureFirstBundles();
  return { kind: 'measured', skeletonGzip: sizes.skeletonGzip, pages: sizes.pages };
}
