import { describe, expect, it } from 'vitest';
import { TAXONOMY } from '../taxonomy.ts';
import { readTagMap, TagMapError } from '../../imports/tag-map.ts';
import {
  creatingResolver,
  EMPTY_TAG_MAP,
  foldTag,
  nearTags,
  resolveRowTags,
  tagRules,
  taxonomyResolver,
} from './tag-resolver.ts';

const resolver = taxonomyResolver();
const labelOf = (kind: 'category' | 'techStack' | 'type', text: string) => {
  const match = resolver.resolve(kind, text);
  return 'tag' in match ? match.tag.label : undefined;
};

describe('foldTag', () => {
  it('ignores case and punctuation but keeps C, C++ and C# apart', () => {
    expect(['React.js', 'react-js', 'REACTJS', 'React JS'].map(foldTag)).toEqual([
      'reactjs',
      'reactjs',
      'reactjs',
      'reactjs',
    ]);
    expect(['C', 'C++', 'C#', 'F#'].map(foldTag)).toEqual(['c', 'cplusplus', 'csharp', 'fsharp']);
  });
});

describe('taxonomyResolver', () => {
  it('matches labels and values in any case and spelling, singular or plural, and the obvious aliases', () => {
    expect(
      [
        'Php',
        'php',
        'javascript',
        'nodejs',
        'node',
        'NODE.JS',
        'html',
        'css',
        'HTML/CSS',
        'typescript',
        'express',
        'ruby on rails',
      ].map((t) => labelOf('techStack', t)),
    ).toEqual([
      'PHP',
      'PHP',
      'JavaScript',
      'Node.js',
      'Node.js',
      'Node.js',
      'HTML/CSS',
      'HTML/CSS',
      'HTML/CSS',
      'TypeScript',
      'Express.js',
      'Rails',
    ]);
    expect(
      ['ML', 'machine learning', 'Full Stack Development', 'cyber-security', 'data_science'].map((t) =>
        labelOf('category', t),
      ),
    ).toEqual(['Machine Learning', 'Machine Learning', 'Fullstack Development', 'Cybersecurity', 'Data Science']);
    expect(['Podcast', 'online course', 'MOOC', 'webinar'].map((t) => labelOf('type', t))).toEqual([
      'Podcasts',
      'Online Courses',
      'Online Courses',
      'Webinars',
    ]);
  });

  it('leaves what we do not have unknown, aliases of absent tags included', () => {
    expect(['React.js', 'Go', 'golang', 'C++', 'C#', 'R', 'Sql', ''].map((t) => labelOf('techStack', t))).toEqual(
      Array(8).fill(undefined),
    );
    expect(labelOf('category', 'Other')).toBeUndefined();
    expect(resolver.create('techStack', 'Go')).toEqual({ refused: 'no new tags in a fixed list' });
  });
});

describe('readTagMap', () => {
  it('reads kinds in any spelling, foreign tags folded, targets as our labels or values, null to drop', () => {
    const map = readTagMap(
      { Category: { Other: null, 'Frontend Development': 'web-development' }, tech_stack: { golang: 'Javascript' } },
      resolver,
    );
    expect(map.category.get('other')).toBeNull();
    expect(map.category.get('frontenddevelopment')).toEqual({ label: 'Web Development', value: 'web-development' });
    expect(map.techStack.get('golang')).toEqual({ label: 'JavaScript', value: 'javascript' });
  });

  it.each([
    [[], /^the map must be a JSON object of tag kinds/],
    [{ tags: {} }, /^unknown tag kind 'tags' in the map \(use category, techStack, type\)$/],
    [{ type: ['video'] }, /^the map's type must be an object/],
    [
      { type: { video: 3 } },
      /^type 'video' in the map: give one of our type tags \(label or value\), or null to drop it$/,
    ],
    [
      { type: { video: 'Videos of cats' } },
      /^type 'video' → 'Videos of cats' in the map: 'Videos of cats' is not one of ours \(video-lectures, /,
    ],
  ])('refuses %j, saying what is wrong', (value, message) => {
    expect(() => readTagMap(value, resolver)).toThrow(TagMapError);
    expect(() => readTagMap(value, resolver)).toThrow(message);
  });
});

describe('resolveRowTags', () => {
  const rules = (createTags = true) => tagRules(resolver, EMPTY_TAG_MAP, createTags);

  it('reads labels, values, label/value pairs, one tag or none, without duplicates', () => {
    expect(
      resolveRowTags(
        'techStack',
        ['python', { label: 'Python', value: 'python' }, { value: 'php' }, 'Php'],
        rules(),
      ).tags.map((t) => t.label),
    ).toEqual(['Python', 'PHP']);
    expect(resolveRowTags('techStack', { label: 'Python' }, rules()).tags.map((t) => t.label)).toEqual(['Python']);
    for (const none of [undefined, null, '', []])
      expect(resolveRowTags('techStack', none, rules())).toEqual({ tags: [], unknown: [], warnings: [], problems: [] });
  });

  it('falls back to the value when the label is unknown', () => {
    expect(
      resolveRowTags('techStack', [{ label: 'Python 3.12', value: 'python' }], rules()).tags.map((t) => t.label),
    ).toEqual(['Python']);
  });

  it('refuses what is not a list of tags', () => {
    expect(resolveRowTags('category', [42], rules()).problems).toEqual([
      'category must be a list of tags: labels, or {"label", "value"} pairs',
    ]);
    expect(resolveRowTags('category', Array(51).fill('x'), rules()).problems).toEqual([
      'category has too many tags (at most 50)',
    ]);
  });

  it('an unknown tag is dropped with one warning, or is a problem with createTags false', () => {
    expect(resolveRowTags('techStack', ['Go', 'go', 'Python'], rules())).toMatchObject({
      unknown: ['Go'],
      warnings: ["unknown techStack 'Go' left out (no new tags in a fixed list): map it with --map"],
      problems: [],
    });
    expect(resolveRowTags('techStack', ['Go', 'Python'], rules(false))).toMatchObject({
      unknown: ['Go'],
      warnings: [],
      problems: [expect.stringContaining("unknown techStack 'Go': map it")],
    });
  });
});

describe('an import that creates tags', () => {
  it('creates an unknown tag once, then matches it like one of ours', () => {
    const resolver = creatingResolver(TAXONOMY);
    expect(resolver.resolve('techStack', 'Zig')).toEqual({ unknown: 'Zig' });
    expect(resolver.create('techStack', ' Zig ')).toEqual({ tag: { label: 'Zig', value: 'zig' } });
    expect(resolver.create('techStack', 'ZIG')).toEqual({ tag: { label: 'Zig', value: 'zig' }, again: true });
    expect(resolver.resolve('techStack', 'zig')).toEqual({ tag: { label: 'Zig', value: 'zig' } });
    expect(resolver.create('category', '%%')).toEqual({ refused: 'a tag needs a letter or a digit' });
    expect(resolver.created).toEqual([{ kind: 'techStack', tag: { label: 'Zig', value: 'zig' } }]);
  });
});

describe('a new tag near one of ours', () => {
  const ours = ['Data Analytics', 'Web Development', 'Node.js', 'Interactive Quizzes'].map((label) => ({
    label,
    value: label.toLowerCase(),
  }));
  it('is one sharing a distinctive word, its first five letters; common words and .js make none', () => {
    expect(nearTags('Data Analysis', ours)).toEqual(['Data Analytics']);
    expect(nearTags('Game Development', ours)).toEqual([]);
    expect(nearTags('Vue.js', ours)).toEqual([]);
    expect(nearTags('Interactive Tutorial', ours)).toEqual(['Interactive Quizzes']);
  });
});
