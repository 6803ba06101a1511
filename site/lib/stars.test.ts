import { describe, expect, it } from 'vitest';
import { ratingLabel, starStates } from './stars.ts';

describe('starStates', () => {
  it('fills every star at or below the rating', () => {
    expect(starStates(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starStates(3)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
  });

  it('shows a half star when the rating is 0.5 below the next step', () => {
    expect(starStates(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starStates(3.7)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starStates(0.5)).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
  });

  it('leaves the next star empty when the rating is less than 0.5 past a step', () => {
    expect(starStates(3.4)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(starStates(4.49)).toEqual(['full', 'full', 'full', 'full', 'empty']);
  });

  it('an unrated content (0) has only empty stars; nonsense counts as 0', () => {
    expect(starStates(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starStates(Number.NaN)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starStates(-2)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });

  it('never draws more stars than the scale', () => {
    expect(starStates(9)).toHaveLength(5);
    expect(starStates(9).every((s) => s === 'full')).toBe(true);
  });
});

describe('ratingLabel', () => {
  it('rounds to one decimal', () => {
    expect(ratingLabel(4.333)).toBe('Rated 4.3 out of 5');
    expect(ratingLabel(0)).toBe('Rated 0 out of 5');
  });
});
