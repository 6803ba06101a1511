/**
 * A learner's bookmarks in and out through the real server (decision 035): the export's three formats, an
 * export imported into another account giving the same saves, lists and order, the import's progress
 * stream, the offer for submission, and a 4xx with a message — never a 5xx — for any file.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCsvRecords } from '#db/imports/files/csv.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

let contents: Array<{ _id: string; slug: string; name: string; url: string }>;

const chromium = readFileSync(new URL('../fixtures/chromium-bookmarks.html', import.meta.url), 'utf8');

const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });
beforeAll(async () => {
  contents = (
    await api.call('searchContents', {
      query: { order: 'latest', pageSize: '12' },
    })
  ).body.contents;
});

const exportAs = (token: string, format: string) => api.raw.get(`/api/bookmarks/export?format=${format}`, { token });
const importFile = (token: string, body: BodyInit, type = 'text/html') =>
  api.call('importBookmarks', {
    token,
    raw: body,
    headers: { 'content-type': type },
  });

/** Ada's shelf: five saves a minute apart, two lists (one with a formula for a name and a note), progress. */
async function shelf(token: string) {
  const base = Date.UTC(2026, 9, 1, 12);
  for (const [i, content] of contents.slice(0, 5).entries()) {
    expect(
      (
        await api.call('save', {
          params: { id: content._id },
          body: { savedAt: new Date(base + i * 60_000).toISOString() },
          token,
        })
      ).status,
    ).toBe(200);
  }
  const rust = (
    await api.call('createList', {
      body: { name: 'Rust in 30 days', description: 'One chapter a day' },
      token,
    })
  ).body;
  for (const [content, note] of [
    [contents[3]!, 'Start here'],
    [contents[0]!, ''],
    [contents[4]!, '=HYPERLINK("https://evil.example/")'],
  ] as const) {
    expect(
      (
        await api.call('addListItem', {
          params: { id: rust._id },
          body: { contentId: content._id, note },
          token,
        })
      ).status,
    ).toBe(200);
  }
  const formula = (
    await api.call('createList', {
      body: { name: '=SUM(1,2)' },
      token,
    })
  ).body;
  await api.call('addListItem', {
    params: { id: formula._id },
    body: { contentId: contents[1]!._id },
    token,
  });
  await api.call('markProgress', {
    params: { id: contents[3]!._id },
    body: { state: 'learning' },
    token,
  });
  await api.call('markProgress', {
    params: { id: contents[8]!._id },
    body: { state: 'want' },
    token,
  });
}

/** What a round trip must keep: the saves in order, each list's items in order with their notes. */
async function shelfOf(token: string) {
  const saves = (
    await api.call('getProfile', {
      token,
    })
  ).body;
  const exported = (await exportAs(token, 'json')).body;
  return {
    saves: exported.saves.map((s: { url: string }) => s.url),
    lists: exported.lists
      .map((l: { name: string; description: string; items: Array<{ url: string; note: string }> }) => ({
        name: l.name,
        description: l.description,
        items: l.items.map((i) => [i.url, i.note]),
      }))
      .sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)),
    signedIn: Boolean(saves),
  };
}

describe('exporting', () => {
  it('answers JSON, CSV and a bookmark file, each an attachment named for the day, CSV with no live formula', async () => {
    const ada = (await signUp(api, 'Ada')).token;
    await shelf(ada);
    const day = new Date().toISOString().slice(0, 10);

    const json = await exportAs(ada, 'json');
    expect(json.headers.get('content-disposition')).toBe(`attachment; filename="skillshelf-bookmarks-${day}.json"`);
    expect(json.body.saves.map((s: { url: string }) => s.url)).toEqual(
      contents
        .slice(0, 5)
        .map((c) => c.url)
        .reverse(),
    );
    expect(json.body.lists.map((l: { name: string }) => l.name)).toEqual(['Rust in 30 days', '=SUM(1,2)']);
    expect(json.body.lists[0].items.map((i: { note: string }) => i.note)).toEqual([
      'Start here',
      '',
      '=HYPERLINK("https://evil.example/")',
    ]);
    expect(json.body.progress.map((p: { state: string }) => p.state).sort()).toEqual(['learning', 'want']);

    const csv = await exportAs(ada, 'csv');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="skillshelf-bookmarks-${day}.csv"`);
    const rows: string[][] = [];
    for await (const record of readCsvRecords([csv.body as string])) rows.push(record.fields);
    expect(rows[0]).toEqual([
      'name',
      'url',
      'list',
      'position',
      'note',
      'saved_at',
      'added_at',
      'progress',
      'progress_updated_at',
    ]);
    // Four list items, the one save in no list, and the content only marked.
    expect(rows).toHaveLength(1 + 4 + 1 + 1);
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    expect(rows.flat()).toContain("'=SUM(1,2)");
    expect(rows[1]!.slice(2, 5)).toEqual(['Rust in 30 days', '1', 'Start here']);
    expect(rows[1]![7]).toBe('learning');

    const html = await exportAs(ada, 'html');
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('content-disposition')).toBe(`attachment; filename="skillshelf-bookmarks-${day}.html"`);
    expect(html.body).toMatch(/^<!DOCTYPE NETSCAPE-Bookmark-file-1>\n/);
    expect(html.body).toContain('<DT><H3 ADD_DATE="');
    expect(html.body).toContain('>Rust in 30 days</H3>\n    <DD>One chapter a day\n    <DL><p>\n');
    expect(html.body).toMatch(/<DT><A HREF="[^"]+" ADD_DATE="\d{10}">/);

    // Anything but csv and html is JSON (decision 020's liberal parsing).
    expect((await exportAs(ada, 'xml')).headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('gives an empty shelf as empty files, not an error', async () => {
    const empty = (await signUp(api, 'Empty')).token;
    expect((await exportAs(empty, 'json')).body).toMatchObject({ saves: [], lists: [], progress: [] });
    expect((await exportAs(empty, 'html')).body).toContain('<DL><p>\n</DL><p>\n');
  });
});

describe('importing', () => {
  it('an export imported into another account gives the same saves, lists, order and notes', async () => {
    const ada = (await signUp(api, 'Ada')).token;
    await shelf(ada);
    const file = (await exportAs(ada, 'html')).body as string;
    const bob = (await signUp(api, 'Bob')).token;
    const imported = await importFile(bob, file);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ bookmarks: 5, saved: 5, alreadySaved: 0, offered: [], notWeb: 0 });
    expect(imported.body.lists).toEqual([
      { name: 'Rust in 30 days', created: true, added: 3, notAdded: 0 },
      { name: '=SUM(1,2)', created: true, added: 1, notAdded: 0 },
    ]);
    expect(await shelfOf(bob)).toEqual(await shelfOf(ada));
  });

  it('streams its progress to a caller that accepts lines, ending with the result', async () => {
    const cat = (await signUp(api, 'Cat')).token;
    const res = await fetch(`${server.url}/api/bookmarks/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cat}`, 'content-type': 'text/html', accept: 'application/x-ndjson' },
      body: chromium,
    });
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toEqual({ phase: 'matching', done: 0, total: 8 });
    expect(lines.at(-2)).toEqual({ phase: 'saving', done: 8, total: 8 });
    expect(lines.at(-1).result).toMatchObject({ bookmarks: 8, notWeb: 1 });
    expect(lines.at(-1).result.offered.length).toBeGreaterThan(0);
  });

  it('takes the file as a multipart form too, and offers the links the catalog lacks for submission in one step', async () => {
    const dan = (await signUp(api, 'Dan')).token;
    const form = new FormData();
    form.append('file', new Blob([chromium], { type: 'text/html' }), 'bookmarks.html');
    const imported = await api.call('importBookmarks', {
      token: dan,
      raw: form,
    });
    expect(imported.status).toBe(200);
    const offered = imported.body.offered as Array<{ url: string; title: string }>;
    const submitted = await api.call('submitBookmarks', {
      body: { links: offered.map((o) => ({ url: o.url, name: o.title })) },
      token: dan,
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ submitted: offered.length, retryAfter: null });
    const mine = (
      await api.call('mySubmissions', {
        token: dan,
      })
    ).body;
    expect(JSON.stringify(mine)).toContain(offered[0]!.url);
    // Offered again: each is now waiting for review, refused as the form refuses it.
    const again = await api.call('submitBookmarks', {
      body: { links: [{ url: offered[0]!.url }] },
      token: dan,
    });
    expect(again.body.results[0]).toMatchObject({
      outcome: 'duplicate',
      message: expect.stringContaining('waiting for review'),
    });
    for (const body of [{}, { links: [] }, { links: 'all' }, { links: [{ url: 7 }] }]) {
      const refused = await api.raw.post('/api/bookmarks/submit', body, { token: dan });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers any file with a 4xx and a message, or imports what it can: never a 5xx, never half written', async () => {
    const { token: eve, _id: eveId } = await signUp(api, 'Eve');
    const head = '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n';
    const link = (url: string, title = 'T') => `<DT><A HREF="${url}" ADD_DATE="1700000000">${title}</A>\n`;
    const refusals: Array<[string, BodyInit, number, RegExp]> = [
      ['empty', '', 400, /empty/],
      ['not HTML', '{"bookmarks": [1, 2, 3]}', 400, /not a bookmark file/],
      ['HTML but no bookmarks', '<html><body><p>Hello</p></body></html>', 400, /not a bookmark file/],
      ['no links', `${head}<DT><H3>Empty</H3><DL><p></DL><p></DL><p>`, 400, /no bookmarks/],
      ['not UTF-8', new Uint8Array([...new TextEncoder().encode(head), 0xe9, 0xff, 0xfe]), 400, /UTF-8/],
      ['too many links', head + link('https://many.example.org/').repeat(10_001), 413, /10,000/],
      ['huge', new Uint8Array(21 * 1024 * 1024).fill(0x20), 413, /20 MB/],
    ];
    for (const [what, body, status, message] of refusals) {
      const res = await importFile(eve, body);
      expect(res.status, what).toBe(status);
      expect(res.body.message, what).toMatch(message);
    }
    expect((await importFile(eve, new FormData(), 'multipart/form-data; boundary=x')).status).toBe(400);
    expect((await api.call('userSaves', { params: { id: eveId }, token: eve })).body.numSaves).toBe(0);

    const listed = contents[0]!;
    const odd = [
      head,
      link('javascript:alert(1)'),
      link('data:text/html,<script>alert(1)</script>'),
      link('file:///etc/passwd'),
      link('http://127.0.0.1:8080/'),
      link(listed.url, 'x'.repeat(10_000)),
      link(listed.url.replace('https://', 'http://'), 'duplicate'),
      `${'<DT><H3>Deep</H3><DL><p>'.repeat(5000)}${link(listed.url)}${'</DL><p>'.repeat(5000)}`,
      '</DL><p>',
    ].join('');
    const res = await importFile(eve, odd);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bookmarks: 7, saved: 1, notWeb: 3, private: 1, offered: [] });
    expect(res.body.lists).toEqual([{ name: 'Deep', created: true, added: 1, notAdded: 0 }]);
  });
});
