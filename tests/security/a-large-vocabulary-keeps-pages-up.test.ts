/**
 * An open taxonomy at scale (decisions 011 and 012): with a thousand tags of each kind, the filter lists, the
 * home page and the search page still answer, through the real server. The filter lists were once read as one
 * row with a column per tag, and past 2,000 tags SQLite refused the statement ("too many columns in result
 * set"): every page that shows the filters answered 500.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../setup/use-server.ts';
import { asAdmin } from '../setup/actors.ts';
import { openDatabase } from '../setup/sql.ts';

const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });
beforeAll(async () => {
  const db = await openDatabase(server.dbUrl);
  try {
    await db.execute(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
       INSERT INTO tags(kind, value, label) SELECT k.kind, 'extra-' || i, 'Extra ' || i FROM n, (SELECT 'category' AS kind UNION ALL SELECT 'techStack' UNION ALL SELECT 'type') k`,
    );
  } finally {
    db.close();
  }
  // One content carries one tag of the long tail: it is offered, its neighbours (carried by none) are not.
  const { token } = await asAdmin(api);
  const [first] = (
    await api.call('searchContents', {
      query: { order: 'oldest' },
    })
  ).body.contents;
  const content = (
    await api.call('getContent', {
      params: { id: first._id },
      token,
    })
  ).body;
  expect(
    (
      await api.call('saveContent', {
        params: { id: first._id },
        body: { ...content, category: [{ label: 'Extra 999', value: 'extra-999' }] },
        token,
      })
    ).status,
  ).toBe(200);
});

describe('a thousand tags of each kind', () => {
  it('the filter lists offer the tags contents carry, and only those', async () => {
    const response = await fetch(`${server.url}/api/contents/filters`);
    expect(response.status).toBe(200);
    const filters = (await response.json()) as {
      categories: Array<{ value: string }>;
      techStacks: unknown[];
      types: unknown[];
    };
    const categories = filters.categories.map((tag) => tag.value);
    expect(categories).toContain('extra-999');
    expect(categories).not.toContain('extra-998');
    expect(categories).toContain('data-science');
  });

  it('the home page and the search page answer 200', async () => {
    for (const path of [
      '/',
      '/search',
      '/search?category=extra-999',
      '/search?searchTerm=python&category=data-science',
    ]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
    }
  });
});
