/**
 * Bookmark files made to hurt a reader, each within the endpoint's 20 MB, can hold an event loop for seconds
 * and grow a server by hundreds of megabytes: 2.5M distinct attributes in one link (20.5 s on a reader that
 * kept them all), a title of 1.9M character references (15.2 s), 5M nested folders (4.5 s; decision 035).
 * The reader keeps only the attributes it uses, cuts text before decoding it, and runs on a thread of its own with a bounded heap and a
 * deadline. Each file, and a legitimate one as large, must keep the server's longest block under 100 ms and
 * its memory growth under 100 MB while a second client reads /healthz and a cached page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKMARK_FILE_MAX_BYTES } from '../../db/imports/validation/bookmarks.ts';
import { BUDGET_METRICS_TOKEN, measureBudget } from '../setup/budget.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

let token: string;

const { server, api } = useServer({
  env: { METRICS_TOKEN: BUDGET_METRICS_TOKEN, RATE_LIMIT_BOOKMARK_IMPORT_USER: '100/3600' },
});
beforeAll(async () => {
  token = (await signUp(api, 'Hostile', { password: 'hostile-password-1' })).token;
  await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
  // A first, ordinary import: what every first import loads once (the endpoint's code, the reader's thread) is
  // not any file's cost.
  const first = await fetch(`${server.url}/api/bookmarks/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: `${HEAD}<DT><A HREF="https://example.org/">x</A>\n</DL>`,
  });
  expect(first.status).toBe(200);
});

const HEAD = '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n';
/** `piece` repeated to fill the file to just under the endpoint's limit, between `before` and `after`. */
const filled = (before: string, piece: string, after: string) =>
  before + piece.repeat(Math.floor((BOOKMARK_FILE_MAX_BYTES - before.length - after.length) / piece.length)) + after;

const FILES: Record<string, () => string> = {
  'millions of distinct attributes in one link': () => {
    const attributes: string[] = [];
    let size = 0;
    for (let i = 0; size < BOOKMARK_FILE_MAX_BYTES - 200; i++) {
      const attribute = ` a${i.toString(36)}=${i}`;
      attributes.push(attribute);
      size += attribute.length;
    }
    return `${HEAD}<DT><A HREF="https://example.org/"${attributes.join('')}>x</A>\n</DL>`;
  },
  'a title of millions of character references': () =>
    filled(`${HEAD}<DT><A HREF="https://example.org/">`, '&#x41;&amp;', '</A>\n</DL>'),
  'millions of nested folders': () => filled(`${HEAD}<DT><A HREF="https://example.org/">x</A>`, '<DL>', ''),
  'an href of millions of references': () =>
    filled(`${HEAD}<DT><A HREF="https://example.org/`, '&#x41;', '">x</A>\n</DL>'),
  'ten thousand links with their icons, as a browser writes them': () => {
    const icon = `data:image/png;base64,${'iVBORw0KGgo'.repeat(160)}`;
    const links = Array.from(
      { length: 10_000 },
      (_, i) => `<DT><A HREF="https://site-${i}.example.org/page" ADD_DATE="1700000000" ICON="${icon}">Page ${i}</A>\n`,
    );
    return `${HEAD}<DT><H3>Everything</H3>\n<DL><p>\n${links.join('')}</DL><p>\n</DL>`;
  },
};

describe('a hostile bookmark file within the size limit', () => {
  for (const [shape, make] of Object.entries(FILES)) {
    it(`${shape}: answered without a 5xx, the event loop never held 100 ms, memory grown under 100 MB`, async () => {
      const file = make();
      expect(Buffer.byteLength(file)).toBeLessThanOrEqual(BOOKMARK_FILE_MAX_BYTES);
      const { budget, value: status } = await measureBudget(server, ['/healthz', '/'], async () => {
        const response = await fetch(`${server.url}/api/bookmarks/import`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: file,
        });
        await response.arrayBuffer();
        return response.status;
      });
      expect(status).toBeLessThan(500);
      expect(budget.failedAnswers).toBe(0);
      expect(budget.longestBlockMs).toBeLessThan(100);
      expect(budget.memoryGrowthMb).toBeLessThan(100);
      expect(budget.slowestAnswerMs['/healthz']).toBeLessThan(200);
      console.log(
        `${shape} (${(Buffer.byteLength(file) / 1024 / 1024).toFixed(1)} MB): ${status}, ${JSON.stringify(budget)}`,
      );
    }, 60_000);
  }
});
