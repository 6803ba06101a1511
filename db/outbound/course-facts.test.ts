import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { courseFactsOf, durationHours } from './course-facts.ts';

const page = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/course-pages/${name}.html`, import.meta.url), 'utf8');

describe('what a course page says of itself', () => {
  it('reads a Course in a @graph: provider, the instance’s workload, what it teaches and expects, its last change', () => {
    expect(courseFactsOf(page('course-graph'))).toEqual({
      provider: 'Example University',
      hours: 40,
      skills: ['Functions', 'Conditionals', 'Unit tests'],
      prerequisites: 'No prior programming experience; High school algebra',
      lastUpdated: '2024-03-05',
    });
  });

  it('reads a LearningResource among other nodes, its provider a plain name and its time in hours and minutes', () => {
    expect(courseFactsOf(page('learning-resource'))).toEqual({
      provider: 'SQL School',
      hours: 3.5,
      skills: ['SELECT queries'],
      prerequisites: 'Basic spreadsheet skills',
    });
  });

  it('skips a block that is not JSON, takes a video’s publisher and duration, and OpenGraph’s update time', () => {
    expect(courseFactsOf(page('video-and-og'))).toEqual({
      provider: 'CSS Channel',
      hours: 0.3,
      lastUpdated: '2025-06-01',
    });
  });

  it('says nothing of a page without structured data', () => {
    expect(courseFactsOf(page('nothing'))).toEqual({});
  });

  it('reads ISO 8601 durations, and nothing else', () => {
    expect(durationHours('PT22H')).toBe(22);
    expect(durationHours('P2DT3H')).toBe(51);
    expect(durationHours('P1W')).toBe(168);
    expect(durationHours('PT90M')).toBe(1.5);
    for (const wrong of ['22 hours', 'PT', 'P', '', 'PT0H']) expect(durationHours(wrong), wrong).toBeUndefined();
  });
});
