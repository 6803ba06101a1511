import { describe, expect, it } from 'vitest';
import { returnUnusedMemory } from './unused-memory.ts';

describe('handing back unused memory', () => {
  it('returns the heap pages a burst of garbage grew', async () => {
    let burst: unknown[][] = [];
    for (let i = 0; i < 40; i++) burst.push(Array.from({ length: 50_000 }, (_, j) => ({ i, j, text: `row ${j}` })));
    const grown = process.memoryUsage().heapTotal;
    burst = [];
    await returnUnusedMemory();
    const after = process.memoryUsage().heapTotal;
    expect(burst).toEqual([]);
    expect(grown - after).toBeGreaterThan(100 * 1024 * 1024);
  });
});
