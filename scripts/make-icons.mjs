// Renders the app's home-screen icons (apps/web/public/icons/*.png) from apps/web/public/logo.svg, once; the PNGs
// are committed. Run again after changing the logo: node scripts/make-icons.mjs (needs /usr/bin/chromium).
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const logo = readFileSync(path.join(root, 'apps/web/public/logo.svg'), 'utf8');
const outDir = path.join(root, 'apps/web/public/icons');
const BRAND = '#0b6e69';

/**
 * `bleed`: an opaque brand-coloured square under the logo (maskable and Apple icons: the platform cuts its own
 * shape, and transparent corners would turn black on iOS). `scale`: the logo's share of the side; a maskable icon
 * keeps it inside the central 80% circle that every mask shape leaves visible.
 */
const ICONS = [
  { file: 'icon-192.png', size: 192, bleed: false, scale: 1 },
  { file: 'icon-512.png', size: 512, bleed: false, scale: 1 },
  { file: 'maskable-512.png', size: 512, bleed: true, scale: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, bleed: true, scale: 0.9 },
];

function pageFor({ size, bleed, scale }) {
  const side = Math.round(size * scale);
  return `<!doctype html><html><head><style>
    html, body { margin: 0; width: ${size}px; height: ${size}px; background: ${bleed ? BRAND : 'transparent'}; }
    body { display: flex; align-items: center; justify-content: center; }
    svg { width: ${side}px; height: ${side}px; display: block; }
  </style></head><body>${logo}</body></html>`;
}

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(pageFor(icon));
    await page.screenshot({ path: path.join(outDir, icon.file), omitBackground: !icon.bleed });
    await page.close();
    console.log(`wrote apps/web/public/icons/${icon.file} (${icon.size}x${icon.size})`);
  }
} finally {
  await browser.close();
}
