import { pagesOnlyCql } from '../src/cql-selection';

describe('pagesOnlyCql', () => {
  it.each([
    ['space = ENG', 'type = page and (space = ENG)'],
    ['  label = "howto" or label = faq  ', 'type = page and (label = "howto" or label = faq)'],
    [
      'space = ENG order by lastmodified desc',
      'type = page and (space = ENG) order by lastmodified desc',
    ],
    ['space = ENG ORDER  BY title', 'type = page and (space = ENG) ORDER  BY title'],
    [
      '(space = A or space = B)order by created',
      'type = page and ((space = A or space = B)) order by created',
    ],
    ['title ~ "order by x"', 'type = page and (title ~ "order by x")'],
    [
      'title ~ "say \\"order by\\" now" order by id',
      'type = page and (title ~ "say \\"order by\\" now") order by id',
    ],
    ['order by title', 'type = page order by title'],
    ['reorder by = 1', 'type = page and (reorder by = 1)'],
  ])('%s', (input, expected) => {
    expect(pagesOnlyCql(input)).toBe(expected);
  });
});
