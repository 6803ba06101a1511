import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOOKMARK_FILE_MAX_BYTES, BOOKMARKS_MAX, decodeBookmarkFile, readBookmarkFile } from './netscape-read.ts';
import { writeBookmarkFile } from './netscape-write.ts';

const chromium = readFileSync(new URL('../../../tests/fixtures/chromium-bookmarks.html', import.meta.url), 'utf8');
const HEAD = '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n';
const fileOf = (body: string) => HEAD + body;

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  throw new Error('expected a refusal');
};

describe('reading a bookmark file', () => {
  it("reads Chromium's export: each link with its nearest folder, the bookmarks bar naming none, entities decoded, dates in seconds", () => {
    const { bookmarks } = readBookmarkFile(chromium);
    expect(bookmarks.map(({ title, folder }) => [title, folder])).toEqual([
      ['The Odin Project', undefined],
      ['The Rust Programming Language', 'Rust in 30 days'],
      ['Rustlings & friends', 'Rust in 30 days'],
      ['Asynchronous Programming in Rust', 'Later'],
      ['Make it red', undefined],
      ["A course we don't list yet", 'Reading <later>'],
      ['CS50 "Lecture 1"', undefined],
      ['News — not about learning', undefined],
    ]);
    expect(bookmarks[0]).toMatchObject({
      url: 'https://www.theodinproject.com/',
      addedAt: new Date(1700000100 * 1000),
      note: '',
    });
    expect(bookmarks[4]!.url).toBe("javascript:void(document.body.style.background='red')");
  });

  it('reads back what the writer writes: folders, their descriptions, notes, dates and odd characters', () => {
    const at = new Date(Date.UTC(2026, 10, 1, 12));
    const text = writeBookmarkFile(
      [
        {
          name: 'A & B <"quoted">',
          description: 'Two\nlines',
          addedAt: at,
          links: [{ url: 'https://a.example.org/?x=1&y=2', title: "It's <b>", addedAt: at, note: 'n & m' }],
        },
      ],
      [{ url: 'https://loose.example.org/', title: 'Loose', addedAt: at, note: '' }],
    );
    const read = readBookmarkFile(text);
    expect(read.bookmarks).toEqual([
      {
        url: 'https://a.example.org/?x=1&y=2',
        title: "It's <b>",
        addedAt: at,
        folder: 'A & B <"quoted">',
        note: 'n & m',
      },
      { url: 'https://loose.example.org/', title: 'Loose', addedAt: at, folder: undefined, note: '' },
    ]);
    expect(read.folderNotes.get('A & B <"quoted">')).toBe('Two lines');
  });

  it('is tolerant: lowercase tags, bare and single-quoted attributes, unclosed links, stray closings, no <p>', () => {
    const { bookmarks } = readBookmarkFile(
      fileOf(`<dl></DL></DL><dt><h3>Outer</h3><dl><dt><a href='https://one.example.org/' add_date=1700000000>One<dt><A HREF=https://two.example.org/>Two</a></dl>
      <DT><A HREF="https://three.example.org/">Three <b>bold</b></A>`),
    );
    expect(bookmarks.map(({ url, title, folder }) => [url, title, folder])).toEqual([
      ['https://one.example.org/', 'One', 'Outer'],
      ['https://two.example.org/', 'Two', 'Outer'],
      ['https://three.example.org/', 'Three bold', undefined],
    ]);
  });

  it('takes folders nested far deeper than any browser would without recursing, each link in its nearest', () => {
    const depth = 20_000;
    const text = fileOf(
      `${'<DT><H3>Deep</H3><DL><p>'.repeat(depth)}<DT><A HREF="https://deep.example.org/">Deep</A>${'</DL><p>'.repeat(depth)}`,
    );
    expect(readBookmarkFile(text).bookmarks).toEqual([expect.objectContaining({ folder: 'Deep' })]);
  });

  it('cuts a 10,000-character title and keeps an ICON out of memory', () => {
    const title = 'x'.repeat(10_000);
    const [bookmark] = readBookmarkFile(
      fileOf(
        `<DT><A HREF="https://long.example.org/" ICON="data:image/png;base64,${'A'.repeat(100_000)}">${title}</A>`,
      ),
    ).bookmarks;
    expect(bookmark!.title).toHaveLength(500);
  });

  it('refuses with a 4xx what holds no bookmarks: empty, not UTF-8, not a bookmark file, too large, too many links', () => {
    expect(refusal(() => decodeBookmarkFile(new Uint8Array()))).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining('empty'),
    });
    expect(refusal(() => decodeBookmarkFile(new Uint8Array([0x3c, 0x44, 0x54, 0x3e, 0xff, 0xfe, 0xc3])))).toMatchObject(
      {
        code: 'VALIDATION',
        message: expect.stringContaining('UTF-8'),
      },
    );
    expect(refusal(() => decodeBookmarkFile(new Uint8Array(BOOKMARK_FILE_MAX_BYTES + 1)))).toMatchObject({
      code: 'TOO_LARGE',
    });
    expect(refusal(() => readBookmarkFile('{"bookmarks": []}'))).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining('not a bookmark file'),
    });
    expect(refusal(() => readBookmarkFile(fileOf('<DL><p><DT><H3>Empty</H3><DL><p></DL><p></DL>')))).toMatchObject({
      message: 'The file holds no bookmarks',
    });
    const many = fileOf('<DT><A HREF="https://many.example.org/">M</A>\n'.repeat(BOOKMARKS_MAX + 1));
    expect(refusal(() => readBookmarkFile(many))).toMatchObject({
      code: 'TOO_LARGE',
      message: expect.stringContaining('10,000'),
    });
  });

  it('never throws anything but a refusal on random markup', () => {
    const pieces = [
      '<DT>',
      '<H3>',
      '</H3>',
      '<DL>',
      '</DL>',
      '<A HREF="',
      '">',
      '</A>',
      '<DD>',
      '&',
      '&#x1F600;',
      '&#99999999;',
      '"',
      "'",
      '<',
      '>',
      'text',
      '<!--',
      '-->',
      '=',
    ];
    for (let run = 0; run < 300; run++) {
      let body = '<DT><A HREF="https://seed.example.org/">Seed</A>';
      for (let i = 0; i < 40; i++) body += pieces[Math.floor(Math.random() * pieces.length)];
      try {
        readBookmarkFile(fileOf(body));
      } catch (error) {
        expect((error as { code?: string }).code, body).toMatch(/VALIDATION|TOO_LARGE/);
      }
    }
  });
});
