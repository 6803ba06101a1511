import { describe, expect, it } from 'vitest';
import { patchStepCounts } from './count-patch.ts';

/** An option of the sidebar as FilterOptionItem.astro renders it. */
const option = (value: string, count: number, current = false) =>
  `<li><a href="/search?rating=${value}" class="flex justify-between"${current ? ' aria-current="true"' : ''} data-filter-option="rating=${value}" data-filter-value="${value}" data-count="${count}"><span class="flex items-center gap-2"><span>${value} stars &amp; up</span></span><span class="text-base-content/70 tabular-nums" data-filter-count>(${count})</span></a></li>`;
const page = (counts: Record<string, number>) =>
  `<!DOCTYPE html><html><body><h2 data-results-count>120 Results</h2><ul>${Object.entries(counts)
    .map(([value, count]) => option(value, count, value === '3'))
    .join('')}</ul><p>(7 reviews)</p></body></html>`;
const html = (text: string) => new TextEncoder().encode(text);
const text = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : undefined);

describe('a cached page with new counts on its steps of stars', () => {
  it('sets each option’s count, in its attribute and its text, and nothing else', () => {
    const before = page({ 4: 5019, 3: 9, 2: 120, 1: 120 });
    const patched = patchStepCounts(html(before), 'text/html; charset=utf-8', {
      rating: { 4: 5020, 3: 10, 2: 0, 1: 120 },
    });
    expect(text(patched?.body)).toBe(page({ 4: 5020, 3: 10, 2: 0, 1: 120 }));
  });

  it('names the span that may differ: before it and after it the bytes are the old page’s', () => {
    const before = html(page({ 4: 5019, 3: 9, 2: 120, 1: 120 }));
    const patched = patchStepCounts(before, 'text/html', { rating: { 4: 5020, 3: 10, 2: 0, 1: 7 } })!;
    const [start, end] = patched.changed;
    const after = patched.body;
    expect(text(after.subarray(0, start))).toBe(text(before.subarray(0, start)));
    expect(text(after.subarray(end))).toBe(text(before.subarray(before.length - (after.length - end))));
    // It starts at the first count of the page (1 star & up's attribute) and ends after the last (4 stars' text).
    expect(text(after.subarray(start - 12, start + 2))).toBe('data-count="7"');
    expect(text(after.subarray(end - 5, end + 1))).toBe('(5020)');
  });

  it('refuses a page where an option is missing or shown twice: it is rendered again instead', () => {
    const counts = { rating: { 4: 1, 3: 1, 2: 1, 1: 1 } };
    expect(patchStepCounts(html(page({ 4: 5, 3: 5, 2: 5 })), 'text/html', counts)).toBeUndefined();
    const twice = page({ 4: 5, 3: 5, 2: 5, 1: 5 }).replace('</ul>', `${option('1', 5)}</ul>`);
    expect(patchStepCounts(html(twice), 'text/html', counts)).toBeUndefined();
    const noCount = page({ 4: 5, 3: 5, 2: 5, 1: 5 }).replace('data-count="5">', '>');
    expect(patchStepCounts(html(noCount), 'text/html', counts)).toBeUndefined();
    const cutShort = `${page({ 4: 5, 3: 5, 2: 5, 1: 5 })}<a data-filter-option="rating=`;
    expect(patchStepCounts(html(cutShort), 'text/html', counts)).toBeUndefined();
  });

  it('sets a search answer’s counts in its JSON, and refuses other bodies', () => {
    const answer = {
      contents: [],
      countContents: 3,
      facets: { cost: { Free: 3 }, rating: { 4: 1, 3: 2, 2: 3, 1: 3 } },
    };
    const patched = patchStepCounts(html(JSON.stringify(answer)), 'application/json', {
      rating: { 4: 2, 3: 2, 2: 3, 1: 3 },
    });
    expect(JSON.parse(text(patched?.body)!)).toEqual({
      ...answer,
      facets: { ...answer.facets, rating: { 4: 2, 3: 2, 2: 3, 1: 3 } },
    });
    expect(patchStepCounts(html('{"contents":[]}'), 'application/json', { rating: { 4: 1 } })).toBeUndefined();
    expect(patchStepCounts(html('<svg/>'), 'image/svg+xml', { rating: { 4: 1 } })).toBeUndefined();
  });
});
