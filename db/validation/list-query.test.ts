import { describe, expect, it } from 'vitest';
import { parseListQuery } from './list-query.ts';
import { REVIEW_LIST } from '../reviews/validation/review-list.ts';

describe('a list filter of fixed values', () => {
  it('takes yes as forms and addresses spell it (true, 1, on, any case), and nothing else', () => {
    for (const given of ['yes', 'YES', 'true', 'True', '1', 'on'])
      expect(parseListQuery(REVIEW_LIST, { reported: given }).filters, given).toEqual({ reported: 'yes' });
    for (const given of ['maybe', '', 'no', 'false'])
      expect(parseListQuery(REVIEW_LIST, { reported: given }).filters, given).toEqual({});
  });
});
