/**
 * Best Match's rules (decision 040), each on a small catalog made for it, through the search learners use.
 * Its quality over judged queries is relevance.test.ts's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/setup/db.ts';
import { newId } from '../../ids.ts';
import { searchContents } from '../catalog-reads.ts';
import { insertContentStatements } from '../content-rows.ts';
import { contentInput } from '../validation/contents.ts';
import { parseSearchParams } from '../validation/search.ts';
import { currentTextIndex } from './text-index-held.ts';
import { eq } from 'drizzle-orm';
import { contents } from '../../schema.ts';
import { analyzeQuery, PHRASE_CANDIDATES, requiredWords } from './best-match.ts';

let t: TestDb;
beforeEach(async () => (t = await createTestDb()));
afterEach(() => t.close());

interface Resource {
  name: string;
  description?: string;
  techStack?: string[];
  type?: string[];
  category?: string[];
}

async function add(...resources: Resource[]): Promise<void> {
  for (const resource of resources) {
    const id = newId();
    const input = contentInput.parse({
      name: resource.name,
      slug: `r-${id}`,
      url: `https://${id}.example.org/`,
      description: resource.description ?? `About ${resource.name}.`,
      category: resource.category ?? ['Software Engineering'],
      techStack: resource.techStack ?? [],
      type: resource.type ?? ['Online Courses'],
    });
    await t.db.batch(insertContentStatements(t.db, id, input));
  }
}

const search = (query: string) => searchContents(t.db, parseSearchParams(new URLSearchParams({ searchTerm: query })));
const names = async (query: string) => (await search(query)).contents.map((content) => content.name);

describe('matching', () => {
  it('needs all of one or two words, then at least half of them', () => {
    expect([1, 2, 3, 4, 5, 6].map(requiredWords)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('answers a question in plain words: stopwords are not needed, and resources holding more words come first', async () => {
    await add(
      { name: 'Python for Everybody', description: 'Programming in Python for complete beginners.' },
      { name: 'Python Discourse', description: 'The Python community forum.', type: ['Discussion Forums'] },
      { name: 'Rust Book', description: 'Learn Rust.' },
    );
    const result = await search('learn python for beginners');
    expect(result.contents.map((content) => content.name)).toEqual(['Python for Everybody', 'Python Discourse']);
    expect(result.missingWords).toBeUndefined();
    expect(result.countContents).toBe(2);
  });

  it('says which words the best resources lack when none holds every one', async () => {
    await add(
      { name: 'Linux Journey', description: 'Learn the Linux shell.' },
      { name: 'Bash Guide', description: 'The Linux shell, in depth.' },
    );
    const result = await search('linux shell scripting');
    expect(result.contents).toHaveLength(2);
    expect(result.missingWords).toEqual(['scripting']);
  });

  it('finds other forms of a word, below the form typed', async () => {
    await add(
      { name: 'Networking Basics', description: 'Networking from the ground up.' },
      { name: 'Networks Basics', description: 'Networks from the ground up.' },
    );
    expect(await names('networks')).toEqual(['Networks Basics', 'Networking Basics']);
    expect(await names('networking')).toEqual(['Networking Basics', 'Networks Basics']);
  });

  it('corrects a word the catalog lacks, and keeps the correction when the other words match', async () => {
    await add(
      { name: 'Python Crash Course', description: 'A python course.' },
      { name: 'Ruby Course', description: 'A course.' },
    );
    const result = await search('pyhton course');
    expect(result.correctedTerm).toBe('python course');
    expect(result.contents[0]?.name).toBe('Python Crash Course');
  });

  it('takes a whole word as typed: java finds Java, not JavaScript; a word cut short finds the words it begins', async () => {
    await add(
      { name: 'Java Programming', techStack: ['Java'] },
      { name: 'JavaScript Basics', techStack: ['Javascript'] },
    );
    expect(await names('java')).toEqual(['Java Programming']);
    expect((await names('javascr')).sort()).toEqual(['JavaScript Basics']);
  });

  it('keeps symbols and dotted names as words: c++, c#, .net, node.js', async () => {
    await add(
      { name: 'C++ Primer', description: 'Modern C++.' },
      { name: 'The C Programming Language', description: 'C, by its authors.' },
      { name: 'C# in Depth', description: 'C# and .NET.' },
      { name: 'Node.js Handbook', description: 'Servers with Node.js.' },
      { name: 'Go Nodes', description: 'A node graph library.' },
    );
    expect(await names('c++')).toEqual(['C++ Primer']);
    expect(await names('c#')).toEqual(['C# in Depth']);
    expect(await names('.net')).toEqual(['C# in Depth']);
    expect((await names('node.js'))[0]).toBe('Node.js Handbook');
  });

  it('while typing, takes the last word as the start of words', async () => {
    await add({ name: 'Docker Deep Dive' });
    const index = await currentTextIndex(t.db);
    expect([...analyzeQuery(index, 'dock', true).words[0]!.forms.keys()]).toContain('docker');
    expect([...analyzeQuery(index, 'docker', false).words[0]!.forms.keys()]).toEqual(['docker']);
  });
});

describe('a content written after the index was built', () => {
  it('is found by its words, their other forms, their start and a misspelling, without a new build', async () => {
    await add({ name: 'Docker Deep Dive' });
    expect(await names('docker')).toEqual(['Docker Deep Dive']);
    await add({ name: 'Quasarflux Pipelines', description: 'Pipelines for quasarfluxes.' });
    expect(await names('quasarflux')).toEqual(['Quasarflux Pipelines']);
    expect(await names('quasarfluxes')).toEqual(['Quasarflux Pipelines']);
    expect(await names('quasarfl')).toEqual(['Quasarflux Pipelines']);
    const corrected = await search('quasrflux');
    expect(corrected.correctedTerm).toBe('quasarflux');
    expect(corrected.contents.map((content) => content.name)).toEqual(['Quasarflux Pipelines']);
  });
});

describe('ranking', () => {
  it('counts a word in the name, the tags and the description each, saturated per field: a rich course beats a short forum line', async () => {
    await add(
      { name: 'Python Forum', description: 'Chat.', techStack: [], type: ['Discussion Forums'] },
      {
        name: 'Python Programming Course',
        description: 'Python from scratch: Python syntax, data and projects, taught through many small exercises.',
        techStack: ['Python'],
      },
    );
    expect((await names('python'))[0]).toBe('Python Programming Course');
  });

  it('ranks a forum or a podcast below courses unless the query asks for that kind', async () => {
    await add(
      {
        name: 'Python Weekly Podcast',
        description: 'Python news, every week.',
        type: ['Podcasts'],
        techStack: ['Python'],
      },
      {
        name: 'Python Tutorial',
        description: 'Python, step by step.',
        type: ['Text-Based Resources'],
        techStack: ['Python'],
      },
    );
    expect((await names('python'))[0]).toBe('Python Tutorial');
    expect((await names('python podcast'))[0]).toBe('Python Weekly Podcast');
  });

  it('puts a resource whose link is broken last, and back in its place once it works again', async () => {
    await add(
      { name: 'Rust Book', description: 'The Rust language, from the start.' },
      { name: 'Rust Notes', description: 'Notes.' },
    );
    expect((await names('rust'))[0]).toBe('Rust Book');
    const setBroken = (since: number | null) =>
      t.db.$client.execute({
        sql: `INSERT INTO link_checks(content_id, url, broken_since, failures) SELECT id, url, ?, 3 FROM contents WHERE name = 'Rust Book'
          ON CONFLICT(content_id) DO UPDATE SET broken_since = excluded.broken_since`,
        args: [since],
      });
    await setBroken(Date.now());
    expect(await names('rust')).toEqual(['Rust Notes', 'Rust Book']);
    await setBroken(null);
    expect(await names('rust')).toEqual(['Rust Book', 'Rust Notes']);
  });

  it('puts the resource a query names first', async () => {
    await add(
      { name: 'Automate the Boring Stuff with Python', description: 'Practical programming.' },
      { name: 'Boring Python', description: 'Automate boring stuff and more stuff with Python and stuff.' },
    );
    expect((await names('automate the boring stuff'))[0]).toBe('Automate the Boring Stuff with Python');
  });

  it('reads a phrase, among equal scores, in the names the words touch first: the build’s in its order, then those written since', async () => {
    // Equal texts: every content scores the same; the phrase lifts the PHRASE_CANDIDATES touched first.
    const extra = 10;
    const resources = Array.from({ length: PHRASE_CANDIDATES + extra }, () => ({
      name: 'Intro Rust',
      description: 'About Intro Rust.',
    }));
    await add(...resources);
    await currentTextIndex(t.db);
    // Written since the build, one by one in insertion order: their words are touched after every build posting.
    const all = await t.db.select({ id: contents.id, slug: contents.slug }).from(contents).orderBy(contents.seq);
    const rewritten = all.slice(0, 2 * extra);
    for (const { id } of rewritten)
      await t.db.update(contents).set({ description: 'About Intro Rust!' }).where(eq(contents.id, id));
    await currentTextIndex(t.db);
    const slugs: string[] = [];
    for (let page = 1; ; page++) {
      const result = await searchContents(
        t.db,
        parseSearchParams(new URLSearchParams({ searchTerm: 'intro rust', page: String(page) })),
      );
      slugs.push(...result.contents.map((content) => content.slug));
      if (page >= result.pages) break;
    }
    expect(slugs).toHaveLength(all.length);
    // 'intro' (a filter's word) and 'rust' touch the build's contents first: the last rewritten are not lifted.
    const unlifted = rewritten.slice(extra).map((row) => row.slug);
    expect(new Set(slugs.slice(-extra))).toEqual(new Set(unlifted));
  });
});
