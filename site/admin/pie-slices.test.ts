import { describe, expect, it } from 'vitest';
import { MAX_SLICES, OTHER_COLOUR, PALETTE, pieSlices } from './pie-slices.ts';

const tags = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Tag ${i + 1}`, value: 100 - i }));

describe('pie slices', () => {
  it('a dozen tags or fewer are shown each with a colour no other slice has', () => {
    const slices = pieSlices(tags(MAX_SLICES));
    expect(slices).toHaveLength(MAX_SLICES);
    expect(new Set(slices.map((s) => s.colour)).size).toBe(MAX_SLICES);
    expect(PALETTE).toHaveLength(MAX_SLICES);
  });

  it('past a dozen, the largest eleven are shown and the rest summed into a grey Other', () => {
    const slices = pieSlices(tags(40));
    expect(slices).toHaveLength(MAX_SLICES);
    expect(slices.slice(0, 11).map((s) => s.name)).toEqual(tags(11).map((t) => t.name));
    expect(slices.at(-1)).toEqual({
      name: 'Other (29 tags)',
      value: tags(40)
        .slice(11)
        .reduce((sum, t) => sum + t.value, 0),
      colour: OTHER_COLOUR,
    });
    expect(new Set(slices.map((s) => s.colour)).size).toBe(MAX_SLICES);
  });

  it('orders by size, whatever order the counts come in, and leaves empty tags out', () => {
    expect(
      pieSlices([
        { name: 'b', value: 1 },
        { name: 'a', value: 5 },
        { name: 'z', value: 0 },
      ]).map((s) => s.name),
    ).toEqual(['a', 'b']);
  });
});
