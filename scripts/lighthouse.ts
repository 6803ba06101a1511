/**
 * `npm run lighthouse`: Lighthouse (mobile preset, its default) on /, /search and a content page of a fresh
 * server with the demo data, in Debian's Chromium (CHROMIUM_PATH), in the light theme and then the dark one.
 * Prints the four category scores per page and theme and writes bench-results/lighthouse.json.
 *
 * Headless Chromium ignores the flags that would make the system dark, so the dark run is the top bar's
 * choice: stored in the browser before Lighthouse runs, which then keeps the storage (the same daisyUI dark
 * theme that prefers-color-scheme: dark picks).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../tests/setup/browser.ts';
import { startServer } from '../tests/setup/server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
});
if (build.status !== 0) throw new Error('build failed');

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
});
try {
  const search = await (await fetch(`${server.url}/api/contents/search?order=topRated`)).json();
  const pages = { '/': '/', '/search': '/search', '/content/{slug}': `/content/${search.contents[0].slug}` };
  const results: Record<string, Record<string, number>> = {};
  for (const theme of ['light', 'dark'] as const) {
    await storeTheme(chrome.port, server.url, theme);
    for (const [name, path] of Object.entries(pages)) {
      const run = await lighthouse(server.url + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        disableStorageReset: true,
      });
      const categories = run!.lhr.categories;
      results[`${name} (${theme})`] = Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]),
      );
      const failing = Object.values(run!.lhr.audits).filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'notApplicable' &&
          a.scoreDisplayMode !== 'manual',
      );
      if (failing.length)
        process.stderr.write(
          `${name} (${theme}): below full marks: ${failing.map((a) => `${a.id} (${a.score})`).join(', ')}\n`,
        );
    }
  }
  console.log('| page (theme) | performance | accessibility | best practices | SEO |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, r] of Object.entries(results))
    console.log(`| ${name} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} |`);
  mkdirSync(join(root, 'bench-results'), { recursive: true });
  writeFileSync(
    join(root, 'bench-results/lighthouse.json'),
    JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
  );
} finally {
  chrome.kill();
  await server.stop();
}

/** Stores the theme choice for the site in the browser Lighthouse drives, and checks that a page shows it. */
async function storeTheme(port: number, siteUrl: string, theme: 'light' | 'dark'): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${siteUrl}/robots.txt`);
    await page.evaluate((choice) => localStorage.setItem('theme', choice), theme);
    await page.goto(siteUrl);
    const shown = await page.evaluate(() => document.documentElement.dataset.theme);
    if (shown !== theme) throw new Error(`the ${theme} theme was not applied (data-theme=${shown})`);
    await page.close();
  } finally {
    // Disconnects only: the browser stays up for Lighthouse.
    await browser.close();
  }
}
