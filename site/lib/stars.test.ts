import { describe, expect, it } from 'vitest';
import { halfStars, ratingLabel } from './stars.ts';

describe('halfStars', () => {
  it('fills every star at or below the rating', () => {
    expect(halfStars(5)).toBe(10);
    expect(halfStars(3)).toBe(6);
  });

  it('fills half the next star when the rating is 0.5 below its step', () => {
    expect(halfStars(3.5)).toBe(7);
    expect(halfStars(3.7)).toBe(7);
    expect(halfStars(0.5)).toBe(1);
  });

  it('leaves the next star empty when the rating is less than 0.5 past a step', () => {
    expect(halfStars(3.4)).toBe(6);
    expect(halfStars(4.49)).toBe(8);
  });

  it('an unrated content (0) has only empty stars; nonsense counts as 0', () => {
    expect(halfStars(0)).toBe(0);
    expect(halfStars(Number.NaN)).toBe(0);
    expect(halfStars(-2)).toBe(0);
  });

  it('never fills more stars than the scale', () => {
    expect(halfStars(9)).toBe(10);
  });
});

describe('ratingLabel', () => {
  it('rounds to one decimal', () => {
    expect(ratingLabel(4.333)).toBe('Rated 4.3 out of 5');
    expect(ratingLabel(0)).toBe('Rated 0 out of 5');
  });
});
