import { type BrowserServer, chromium } from 'playwright-core';

/** The Chromium flags of every journey (also for Lighthouse's browser). */
export const BROWSER_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * One Chromium for a whole lane, which its test files connect to: launching one per file cost each file about a
 * second of CPU on two busy cores (docs/decisions/023-ci-in-twenty-minutes.md).
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: '/usr/bin/chromium', args: BROWSER_FLAGS });
}
