/**
 * The facets that are fields of their own (db/catalog/facets.ts: level, language) through the real server: the search's
 * parameter (a value or label filters, empty is no filter, anything else a 400 naming the choices) with live
 * counts, the filters answer, the admin's edit, and a submission through its approval. Clients that do not
 * send them keep working: an edit without one keeps it, a submission without one has none (null).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, signUp, CATALOG_READY } from '../setup/actors.ts';

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

const newestContents = async (n: number): Promise<Content[]> =>
  (
    await api.call('searchContents', {
      query: { order: 'latest' },
    })
  ).body.contents.slice(0, n);
/** What an admin's edit screen sends: the content's own fields, with `changes`. */
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

/** Each facet: its key, a choice's value and its label, another choice, a value it does not have, and its list in the filters answer. */
describe.each([
  { key: 'level', value: 'advanced', label: 'Advanced', other: 'intermediate', unknown: 'expert', list: 'levels' },
  { key: 'language', value: 'es', label: 'Spanish', other: 'fr', unknown: 'klingon', list: 'languages' },
] as const)('$key', ({ key, value, label, other, unknown, list }) => {
  let chosen: Content[];

  beforeAll(async () => {
    // Two contents get `value`: whatever the seed gave the others, these two are certain.
    chosen = await newestContents(2);
    for (const content of chosen) expect((await edit(content, { [key]: value })).status).toBe(200);
  });

  it(`filters the search by ${key}, with a count for every choice`, async () => {
    const all = (await api.call('searchContents')).body;
    const filtered = await api.call('searchContents', {
      query: { [key]: value },
    });
    expect(filtered.status).toBe(200);
    expect(filtered.body.filters[key]).toBe(value);
    expect(filtered.body.countContents).toBe(all.facets[key][value]);
    expect(filtered.body.countContents).toBeGreaterThanOrEqual(2);
    expect(filtered.body.countContents).toBeLessThan(all.countContents);
    expect(filtered.body.contents.every((c: Content) => c[key] === value)).toBe(true);
    expect(filtered.body.contents.map((c: Content) => c._id)).toEqual(expect.arrayContaining(chosen.map((c) => c._id)));
    // Narrowed by another filter, the counts follow: every choice still counted with the other filters kept.
    const both = (
      await api.call('searchContents', {
        query: { [key]: value, cost: 'Free' },
      })
    ).body;
    expect(both.countContents).toBe(filtered.body.facets.cost.Free);
    expect(both.facets[key][value]).toBe(both.countContents);
  });

  it('takes a choice by its label, in any case', async () => {
    const byLabel = await api.call('searchContents', {
      query: { [key]: label.toUpperCase() },
    });
    expect(byLabel.status).toBe(200);
    expect(byLabel.body.filters[key]).toBe(value);
    expect(byLabel.body.countContents).toBe(
      (
        await api.call('searchContents', {
          query: { [key]: value },
        })
      ).body.countContents,
    );
  });

  it('an empty value (or all) is no filter', async () => {
    const all = (await api.call('searchContents')).body.countContents;
    for (const empty of ['', 'all']) {
      const res = await api.call('searchContents', {
        query: { [key]: empty },
      });
      expect(res.status).toBe(200);
      expect(res.body.filters[key]).toBe('all');
      expect(res.body.countContents).toBe(all);
    }
  });

  it('an unknown value is a 400 that names the choices on the API; the search page leaves it out, saying so', async () => {
    const res = await api.call('searchContents', {
      query: { [key]: unknown },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.message).toContain(`Unknown ${key} '${unknown}'`);
    expect(res.body.message).toContain(value);
    expect(res.body.fields).toEqual({ [key]: res.body.message });
    const page = await fetch(`${server.url}/search?${key}=${unknown}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-refused-filter');
    expect(html).toContain(`“${unknown}” is not a ${key} we know`);
  });

  it('the filters answer lists the choices some content has, with their labels', async () => {
    const res = await api.call('catalogFilters');
    expect(res.body[list]).toContainEqual({ value, label });
  });

  it('an admin sets it, clears it with a blank, and an edit that does not send it keeps it', async () => {
    const [content] = chosen;
    expect((await edit(content!, { [key]: other })).body[key]).toBe(other);
    const { [key]: _left, ...withoutIt } = (
      await api.call('getContent', {
        params: { id: content!._id },
        token: admin.token,
      })
    ).body;
    const kept = await api.raw.put(
      `/api/contents/${content!._id}`,
      { ...withoutIt, name: `${withoutIt.name as string} ` },
      { token: admin.token },
    );
    expect(kept.status).toBe(200);
    expect(kept.body[key]).toBe(other);
    expect((await edit(content!, { [key]: '' })).body[key]).toBeNull();
    expect(
      (
        await api.call('contentBySlug', {
          params: { slug: content!.slug },
        })
      ).body[key],
    ).toBeNull();
    const refused = await edit(content!, { [key]: unknown });
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.[key]).toContain(value);
    expect((await edit(content!, { [key]: label })).body[key]).toBe(value);
  });

  it('a submission carries it (or null when not sent), and its approval takes the admin’s choice', async () => {
    const submitter = await signUp(api, 'Submitter');
    const url = () => `https://facets.example.org/${key}/${Math.random().toString(36).slice(2)}`;
    const given = await api.call('submitLink', {
      body: { ...CATALOG_READY, url: url(), [key]: label },
      token: submitter.token,
    });
    expect(given.status).toBe(201);
    expect(given.body[key]).toBe(value);
    const none = await api.call('submitLink', {
      body: { ...CATALOG_READY, url: url() },
      token: submitter.token,
    });
    expect(none.status).toBe(201);
    expect(none.body[key]).toBeNull();
    const wrong = await api.call('submitLink', {
      body: { ...CATALOG_READY, url: url(), [key]: unknown },
      token: submitter.token,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain(value);

    expect(
      (
        await api.call('getSubmission', {
          params: { id: given.body._id },
          token: admin.token,
        })
      ).body[key],
    ).toBe(value);
    const asSubmitted = await api.call('approveSubmission', {
      params: { id: given.body._id },
      token: admin.token,
    });
    expect(asSubmitted.status).toBe(201);
    expect(asSubmitted.body.content[key]).toBe(value);
    const changed = await api.call('approveSubmission', {
      params: { id: none.body._id },
      body: { [key]: other },
      token: admin.token,
    });
    expect(changed.status).toBe(201);
    expect(changed.body.content[key]).toBe(other);
  });
});
