import { describe, expect, it } from 'vitest';
import { pathSections } from './path-sections.ts';

const step = (name: string, section = '') => ({ name, section });

describe('pathSections', () => {
  it('groups the steps under the heading that starts each section, numbering on through them', () => {
    const sections = pathSections([step('a'), step('b', 'Week 2'), step('c'), step('d', 'Week 3')]);
    expect(sections.map(({ heading, start, items }) => ({ heading, start, names: items.map((i) => i.name) }))).toEqual([
      { heading: '', start: 0, names: ['a'] },
      { heading: 'Week 2', start: 1, names: ['b', 'c'] },
      { heading: 'Week 3', start: 3, names: ['d'] },
    ]);
  });

  it('gives one section without a heading to a path with none, and none to an empty path', () => {
    expect(pathSections([step('a'), step('b')])).toEqual([{ heading: '', start: 0, items: [step('a'), step('b')] }]);
    expect(pathSections([])).toEqual([]);
  });

  it('starts with a headed section when the first step has a heading', () => {
    expect(pathSections([step('a', 'Start'), step('b')]).map((s) => s.heading)).toEqual(['Start']);
  });
});
