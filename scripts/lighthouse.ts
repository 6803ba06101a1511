/**
 * `npm run lighthouse`: Lighthouse (mobile preset, its default) on /, /search and a content page of a fresh
 * server with the demo data, in Debian's Chromium (CHROMIUM_PATH). Prints the four category scores per page
 * and writes bench-results/lighthouse.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../tests/setup/browser.ts';
import { startServer } from '../tests/setup/server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
if (build.status !== 0) throw new Error('build failed');

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
try {
  const search = await (await fetch(`${server.url}/api/contents/search?order=topRated`)).json();
  const pages = { '/': '/', '/search': '/search', '/content/{slug}': `/content/${search.contents[0].slug}` };
  const results: Record<string, Record<string, number>> = {};
  for (const [name, path] of Object.entries(pages)) {
    const run = await lighthouse(server.url + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    const categories = run!.lhr.categories;
    results[name] = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]));
    const failing = Object.values(run!.lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual');
    if (failing.length) process.stderr.write(`${name}: below full marks: ${failing.map((a) => `${a.id} (${a.score})`).join(', ')}\n`);
  }
  console.log('| page | performance | accessibility | best practices | SEO |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, r] of Object.entries(results)) console.log(`| ${name} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} |`);
  mkdirSync(join(root, 'bench-results'), { recursive: true });
  writeFileSync(join(root, 'bench-results/lighthouse.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
} finally {
  chrome.kill();
  await server.stop();
}
