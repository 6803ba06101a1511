/**
 * The filters a search's words name (docs/product.md#pages Search): "free python course" names cost Free and the
 * technology Python, which the answer offers in `suggestedFilters` — each a real option of the catalog that
 * leaves some result, none the search already applies.
 */
import { describe, expect, it } from 'vitest';
import type { Query } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';

const { api } = useServer();

const search = async (query: Query) => {
  const res = await api.call('searchContents', { query });
  expect(res.status).toBe(200);
  return res.body;
};

describe('GET /api/contents/search suggestedFilters', () => {
  it('"free python course" offers cost Free and the technology Python, as the catalog names them', async () => {
    const { costs, techStacks } = (await api.call('catalogFilters')).body;
    const python = techStacks.find((tag) => tag.label === 'Python')!;
    expect(costs).toContain('Free');

    const answer = await search({ searchTerm: 'free python course' });
    expect(answer.countContents).toBeGreaterThan(0);
    expect(answer.suggestedFilters).toEqual(
      expect.arrayContaining([
        { key: 'cost', value: 'Free', label: 'Free' },
        { key: 'techStack', value: python.value, label: python.label },
      ]),
    );
    // Each leaves some result: its count among these results.
    for (const { key, value } of answer.suggestedFilters) {
      const counts: Record<string, number> = answer.facets[key];
      expect(counts[value]).toBeGreaterThan(0);
    }
  });

  it('offers none the search already applies', async () => {
    const answer = await search({ searchTerm: 'free python course', cost: 'Free', techStack: 'python' });
    expect(answer.countContents).toBeGreaterThan(0);
    expect(answer.suggestedFilters.map(({ key }) => key)).not.toContain('cost');
    expect(answer.suggestedFilters.map(({ key }) => key)).not.toContain('techStack');
  });

  it('is empty without words, or when the words name no filter', async () => {
    expect((await search({ techStack: 'python' })).suggestedFilters).toEqual([]);
    expect((await search({ searchTerm: 'freecodecamp' })).suggestedFilters).toEqual([]);
  });
});
