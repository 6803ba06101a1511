/**
 * The facts that decide (provider, hours, self-paced, format, skills, prerequisites, last updated, certificate
 * price) through the real server: an admin sets them in any reasonable form (what a form sends: "12 hours",
 * "yes", "Python | Functions"), clears one with a blank, and an edit that does not send them keeps them; a
 * wrong one is a 400 beside its field and changes nothing; a submitter may give them and an approval keeps them;
 * the public content answer carries them (null when not known).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, CATALOG_READY, signUp } from '../setup/actors.ts';

let admin: { token: string };

const { server, api } = useServer();
beforeAll(async () => {
  admin = await asAdmin(api);
});

interface Content {
  _id: string;
  slug: string;
  [field: string]: unknown;
}

const newest = async (): Promise<Content> =>
  (
    await api.call('searchContents', {
      query: { order: 'latest' },
    })
  ).body.contents[0];

async function edit(content: Content, changes: Record<string, unknown>) {
  const {
    _id,
    status: _status,
    rating: _rating,
    numReviews: _reviews,
    createdAt: _created,
    updatedAt: _updated,
    ...fields
  } = (
    await api.call('getContent', {
      params: { id: content._id },
      token: admin.token,
    })
  ).body;
  return api.call('saveContent', {
    params: { id: _id },
    body: { ...fields, ...changes },
    token: admin.token,
  });
}

const FACTS = {
  provider: 'Harvard University',
  hours: 12.5,
  selfPaced: true,
  format: 'Video lectures and problem sets',
  skills: ['Functions', 'Unit tests'],
  prerequisites: 'None',
  lastUpdated: '2024-03',
  certificatePrice: '$219',
};

describe('the facts that decide', () => {
  it('an admin sets every fact, and the public content answer shows them', async () => {
    const content = await newest();
    const res = await edit(content, FACTS);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(FACTS);
    expect(
      (
        await api.call('contentBySlug', {
          params: { slug: content.slug },
        })
      ).body,
    ).toMatchObject(FACTS);
  });

  it('takes what forms and files send: numbers in words, yes/no, skills in one text, a date-time', async () => {
    const content = await newest();
    const res = await edit(content, {
      hours: 'about 40 hours',
      selfPaced: 'scheduled',
      skills: 'Python | SQL; Flask, python',
      lastUpdated: '2025-01-15T10:00:00Z',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      hours: 40,
      selfPaced: false,
      skills: ['Python', 'SQL', 'Flask'],
      lastUpdated: '2025-01-15',
    });
  });

  it('a blank clears a fact, and an edit that does not send the facts keeps them', async () => {
    const content = await newest();
    await edit(content, FACTS);
    const cleared = await edit(content, { provider: '', skills: [], hours: null });
    expect(cleared.body).toMatchObject({ provider: null, skills: null, hours: null, format: FACTS.format });
    const {
      provider: _p,
      format: _f,
      ...rest
    } = (
      await api.call('getContent', {
        params: { id: content._id },
        token: admin.token,
      })
    ).body;
    const kept = await api.call('saveContent', {
      params: { id: content._id },
      body: { ...rest, provider: undefined },
      token: admin.token,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.format).toBe(FACTS.format);
  });

  it('a wrong fact is a 400 beside its field, and changes nothing', async () => {
    const content = await newest();
    await edit(content, FACTS);
    for (const [field, value, words] of [
      ['hours', 'a while', 'Hours'],
      ['hours', 0, 'Hours'],
      ['hours', 100000, 'Hours'],
      ['lastUpdated', 'last spring', 'Last updated'],
      ['skills', Array.from({ length: 12 }, (_, i) => `Skill ${i}`), 'skills'],
      ['provider', 'x'.repeat(121), 'Provider'],
      ['selfPaced', 'sometimes', 'Self-paced'],
    ] as const) {
      const res = await edit(content, { [field]: value, name: 'Changed by a refused edit' });
      expect(res.status, `${field}: ${String(value)}`).toBe(400);
      expect(res.body.fields?.[field]).toContain(words);
    }
    const after = (
      await api.call('getContent', {
        params: { id: content._id },
        token: admin.token,
      })
    ).body;
    expect(after).toMatchObject(FACTS);
    expect(after.name).not.toBe('Changed by a refused edit');
  });

  it('a submitter may give facts (null when not), and an approval keeps them', async () => {
    const submitter = await signUp(api, 'Fact Giver');
    const url = () => `https://facts.example.org/${Math.random().toString(36).slice(2)}`;
    const given = await api.call('submitLink', {
      body: { ...CATALOG_READY, url: url(), provider: 'MIT', hours: '30', skills: 'Algorithms|Graphs' },
      token: submitter.token,
    });
    expect(given.status).toBe(201);
    expect(given.body).toMatchObject({ provider: 'MIT', hours: 30, skills: ['Algorithms', 'Graphs'], format: null });
    const none = await api.call('submitLink', {
      body: { url: url() },
      token: submitter.token,
    });
    expect(none.body).toMatchObject({ provider: null, hours: null, skills: null, selfPaced: null });
    const wrong = await api.call('submitLink', {
      body: { url: url(), hours: 'soon' },
      token: submitter.token,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields?.hours).toContain('Hours');

    const approved = await api.call('approveSubmission', {
      params: { id: given.body._id },
      body: { selfPaced: 'yes' },
      token: admin.token,
    });
    expect(approved.status).toBe(201);
    expect(approved.body.content).toMatchObject({
      provider: 'MIT',
      hours: 30,
      selfPaced: true,
      skills: ['Algorithms', 'Graphs'],
    });
  });

  it('the content page’s answer counts its learners and marks the reviews of those who finished it', async () => {
    const content = (
      await api.call('searchContents', {
        query: { order: 'oldest' },
      })
    ).body.contents[0] as Content;
    const before = (
      await api.call('contentBySlug', {
        params: { slug: content.slug },
      })
    ).body;
    const finisher = await signUp(api, 'Finisher');
    const starter = await signUp(api, 'Starter');
    expect(
      (
        await api.call('markProgress', {
          params: { id: content._id },
          body: { state: 'done' },
          token: finisher.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.call('markProgress', {
          params: { id: content._id },
          body: { state: 'learning' },
          token: starter.token,
        })
      ).status,
    ).toBe(200);
    for (const [who, rating] of [
      [finisher, 5],
      [starter, 3],
    ] as const)
      expect(
        (
          await api.raw.post(
            `/api/contents/${content._id}/reviews`,
            { rating, comment: 'Fine.', name: who.name },
            { token: who.token },
          )
        ).status,
      ).toBe(201);
    const after = (
      await api.call('contentBySlug', {
        params: { slug: content.slug },
      })
    ).body;
    expect(after.learners).toEqual({ saves: before.learners.saves + 2, finished: before.learners.finished + 1 });
    const byName = (name: string) => after.reviews.find((r: { name: string }) => r.name === name);
    expect(byName(finisher.name)?.finished).toBe(true);
    expect(byName(starter.name)?.finished).toBe(false);
  });

  it('filters the search by duration band, with live counts that follow an edit of the hours', async () => {
    const content = await newest();
    await edit(content, { hours: 8 });
    const before = (await api.call('searchContents')).body;
    const short = await api.call('searchContents', {
      query: { duration: 'under-10' },
    });
    expect(short.status).toBe(200);
    expect(short.body.filters.duration).toBe('under-10');
    expect(short.body.countContents).toBe(before.facets.duration['under-10']);
    expect(short.body.contents.map((c: Content) => c._id)).toContain(content._id);
    expect(short.body.contents.every((c: Content) => (c.hours as number) < 10)).toBe(true);
    // Its label is taken too; an unknown band is a 400 naming the bands.
    expect(
      (
        await api.call('searchContents', {
          query: { duration: 'Under 10 hours' },
        })
      ).body.countContents,
    ).toBe(short.body.countContents);
    const wrong = await api.call('searchContents', {
      query: { duration: 'forever' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('under-10');

    await edit(content, { hours: 50 });
    const after = (await api.call('searchContents')).body;
    expect(after.facets.duration['under-10']).toBe(before.facets.duration['under-10'] - 1);
    expect(after.facets.duration['10-50']).toBe(before.facets.duration['10-50'] + 1);
    const middle = (
      await api.call('searchContents', {
        query: { duration: '10-50' },
      })
    ).body.contents.map((c: Content) => c._id);
    expect(middle).toContain(content._id);
    await edit(content, { hours: 51 });
    expect(
      (
        await api.call('searchContents', {
          query: { duration: '50-plus' },
        })
      ).body.contents.map((c: Content) => c._id),
    ).toContain(content._id);
    expect((await api.call('catalogFilters')).body.durations).toContainEqual({
      value: '50-plus',
      label: 'Over 50 hours',
    });
  });

  it('filters the search by provider, with live counts, and lists the providers some content has', async () => {
    const all = (await api.call('searchContents')).body;
    const harvard = all.facets.provider['Harvard University'] as number;
    expect(harvard).toBeGreaterThanOrEqual(5);
    const res = await api.call('searchContents', {
      query: { provider: 'Harvard University' },
    });
    expect(res.status).toBe(200);
    expect(res.body.filters.provider).toBe('Harvard University');
    expect(res.body.countContents).toBe(harvard);
    expect(res.body.contents.every((c: Content) => c.provider === 'Harvard University')).toBe(true);
    // Narrowed by another filter, the counts follow.
    const both = (
      await api.call('searchContents', {
        query: { provider: 'Harvard University', cost: 'Free' },
      })
    ).body;
    expect(both.countContents).toBe(res.body.facets.cost.Free);
    // A provider no content has finds nothing; empty is no filter.
    expect(
      (
        await api.call('searchContents', {
          query: { provider: 'Nobody' },
        })
      ).body.countContents,
    ).toBe(0);
    expect(
      (
        await api.call('searchContents', {
          query: { provider: '' },
        })
      ).body.countContents,
    ).toBe(all.countContents);

    const content = await newest();
    await edit(content, { provider: 'Test Provider Institute' });
    const after = (
      await api.call('searchContents', {
        query: { provider: 'Test Provider Institute' },
      })
    ).body;
    expect(after.contents.map((c: Content) => c._id)).toEqual([content._id]);
    const filters = (await api.call('catalogFilters')).body;
    expect(filters.providers).toContainEqual({ value: 'Test Provider Institute', label: 'Test Provider Institute' });
    // Most contents first: the demo's Google (7) before Harvard University (5).
    const order = filters.providers.map((p: { value: string }) => p.value);
    expect(order.indexOf('Google')).toBe(0);
    expect(order.indexOf('Harvard University')).toBe(1);
    await edit(content, { provider: '' });
    expect((await api.call('catalogFilters')).body.providers).not.toContainEqual({
      value: 'Test Provider Institute',
      label: 'Test Provider Institute',
    });
  });

  it('compares two to four resources in the order named, each with its facts and learners', async () => {
    const slugs = ['cs50-s-introduction-to-programming-with-python', 'automate-the-boring-stuff-with-python'];
    const res = await api.call('compareContents', {
      query: { slugs: slugs.join(',') },
    });
    expect(res.status).toBe(200);
    expect(res.body.contents.map((c: Content) => c.slug)).toEqual(slugs);
    expect(res.body.contents[0]).toMatchObject({ provider: 'Harvard University', selfPaced: true });
    expect(res.body.contents[1].learners).toEqual({ saves: expect.any(Number), finished: expect.any(Number) });
    // Repeated parameters, any case, repeats and blanks left out.
    const repeated = await api.call('compareContents', {
      query: { slugs: [slugs[1]!.toUpperCase(), slugs[0], slugs[1], ''] },
    });
    expect(repeated.body.contents.map((c: Content) => c.slug)).toEqual([slugs[1], slugs[0]]);
  });

  it('a comparison of fewer than two or more than four is a 400, an unknown slug a 404 naming it', async () => {
    for (const query of ['', '?slugs=freecodecamp', '?slugs=freecodecamp,,freecodecamp', `?slugs=${'a,b,c,d,e'}`]) {
      // Queries written as sent, malformed ones among them.
      const res = await api.raw.get(`/api/contents/compare${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toContain('Compare 2 to 4 resources');
      expect(res.body.fields?.slugs).toContain('Compare 2 to 4');
    }
    const unknown = await api.call('compareContents', {
      query: { slugs: 'freecodecamp,no-such-resource' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("No resource 'no-such-resource' to compare");
  });

  it('the comparison page answers without JavaScript, the same for everyone, one resource with the way to add another, and says what is wrong', async () => {
    const page = await fetch(`${server.url}/compare/freecodecamp/the-odin-project`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-compared="freecodecamp"');
    expect(html).toContain('data-compared="the-odin-project"');
    // Kept in the page cache like a content page: revalidated by its ETag.
    const etag = page.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.url}/compare/freecodecamp/the-odin-project`, {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    // One resource is a comparison being made: shown, with the way to add another.
    const one = await fetch(`${server.url}/compare/freecodecamp`);
    expect(one.status).toBe(200);
    const oneHtml = await one.text();
    expect(oneHtml).toContain('data-compared="freecodecamp"');
    expect(oneHtml).toContain('Add a resource to compare it with');
    const five = ['freecodecamp', 'the-odin-project', 'cs50x-introduction-to-computer-science', 'a', 'b'];
    expect((await fetch(`${server.url}/compare/${five.join('/')}`)).status).toBe(400);
    expect((await fetch(`${server.url}/compare/freecodecamp/no-such-resource`)).status).toBe(404);
    const empty = await fetch(`${server.url}/compare`);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('data-compare-empty');
  });
});
