/**
 * Times a 5,000-bookmark import through the real server (decision 035):
 *   npx node scripts/bookmark-import-timing.ts <catalog.db> [--count 5000]
 * The catalog (e.g. `DATABASE_URL=file:/tmp/big.db npm run synthetic -- 50000`) is copied, never changed. The
 * file is written as Chromium writes one, an ICON on every link: three links in five are the catalog's
 * (under other spellings of their URL: www., a trailing slash, tracking parameters), spread over 50
 * folders; the rest are unknown. Prints the file's size, the time to each progress line and to the result,
 * and the sizes of the new account's three export files. Needs the built server (`npm run build`).
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@libsql/client';
import { writeBookmarkFile, type FolderToWrite, type LinkToWrite } from '../db/imports/bookmarks/netscape-write.ts';
import { startServer } from '../tests/setup/server.ts';

const { values, positionals } = parseArgs({
  options: { count: { type: 'string', default: '5000' } },
  allowPositionals: true,
});
const source = positionals[0];
const count = Number(values.count);
if (!source || !Number.isInteger(count) || count < 1) {
  console.error('usage: npx node scripts/bookmark-import-timing.ts <catalog.db> [--count 5000]');
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'skillshelf-bookmarks-'));
copyFileSync(source, join(dir, 'skillshelf.db'));
const catalog = createClient({ url: `file:${join(dir, 'skillshelf.db')}` });
const listedCount = Math.round(count * 0.6);
const urls = (
  await catalog.execute({
    sql: 'SELECT url FROM contents WHERE url IS NOT NULL ORDER BY random() LIMIT ?',
    args: [listedCount],
  })
).rows.map((row) => String(row.url));
catalog.close();

const ICON = `data:image/png;base64,${'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9h'.repeat(12)}`;
const respell = (url: string, i: number) => {
  const u = new URL(url);
  if (i % 3 === 0) u.hostname = u.hostname.startsWith('www.') ? u.hostname.slice(4) : `www.${u.hostname}`;
  if (i % 3 === 1) u.searchParams.set('utm_source', 'newsletter');
  if (i % 3 === 2) u.pathname = u.pathname.endsWith('/') ? u.pathname.slice(0, -1) || '/' : `${u.pathname}/`;
  return u.toString();
};
const at = new Date(Date.UTC(2025, 0, 1));
const links: LinkToWrite[] = Array.from({ length: count }, (_, i) => ({
  url: i < urls.length ? respell(urls[i]!, i) : `https://unknown-${i}.example.net/course/${i}`,
  title: `Bookmark ${i}`,
  addedAt: new Date(at.getTime() + i * 60_000),
  note: '',
}));
const folders: FolderToWrite[] = Array.from({ length: 50 }, (_, f) => ({
  name: `Folder ${f}`,
  description: '',
  addedAt: at,
  links: links.filter((_, i) => i % 60 === f),
}));
const inFolders = new Set(folders.flatMap((folder) => folder.links));
const file = writeBookmarkFile(
  folders,
  links.filter((link) => !inFolders.has(link)),
).replaceAll('" ADD_DATE="', `" ICON="${ICON}" ADD_DATE="`);

const server = await startServer({ dir, seed: false, env: { RATE_LIMIT_OFF: 'true' } });
try {
  const signUp = await fetch(`${server.url}/api/users/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Timing', email: `timing-${Date.now()}@example.com`, password: 'password-123' }),
  });
  const { token } = (await signUp.json()) as { token: string };
  const started = performance.now();
  const response = await fetch(`${server.url}/api/bookmarks/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/html', accept: 'application/x-ndjson' },
    body: file,
  });
  const lines: string[] = [
    `${((performance.now() - started) / 1000).toFixed(2)} s  (the answer's headers: the file read, the stream begins)`,
  ];
  let buffered = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body!) {
    buffered += decoder.decode(chunk, { stream: true });
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const line of parts)
      lines.push(`${((performance.now() - started) / 1000).toFixed(2)} s  ${line.slice(0, 160)}`);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`file: ${count} bookmarks, ${(Buffer.byteLength(file) / 1024 / 1024).toFixed(1)} MB`);
  for (const line of lines) console.log(line);
  console.log(`import: ${seconds.toFixed(2)} s`);
  for (const format of ['html', 'csv', 'json']) {
    const exported = await fetch(`${server.url}/api/bookmarks/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    console.log(`export ${format}: ${((await exported.arrayBuffer()).byteLength / 1024).toFixed(0)} KB`);
  }
} finally {
  await server.stop();
}
