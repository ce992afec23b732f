import { describe, expect, it } from 'vitest';
import { LinkHeaderError, parseLinkHeader } from './link-header.ts';

describe('parseLinkHeader', () => {
  it('reads first, prev, next and last with their page', () => {
    const header =
      '</api/x?page=1&pageSize=25>; rel="first", </api/x?page=2&pageSize=25>; rel="prev", ' +
      '</api/x?page=4&pageSize=25>; rel="next", </api/x?page=40&pageSize=25>; rel="last"';
    expect(parseLinkHeader(header)).toEqual({
      first: { url: '/api/x?page=1&pageSize=25', page: 1 },
      prev: { url: '/api/x?page=2&pageSize=25', page: 2 },
      next: { url: '/api/x?page=4&pageSize=25', page: 4 },
      last: { url: '/api/x?page=40&pageSize=25', page: 40 },
    });
  });

  it('keeps commas inside URLs and ignores unknown rels', () => {
    expect(parseLinkHeader('<https://h/x?sort=-a,b&page=3>; rel=next, </y>; rel="self"')).toEqual({
      next: { url: 'https://h/x?sort=-a,b&page=3', page: 3 },
    });
  });

  it('returns nothing for an empty header', () => {
    expect(parseLinkHeader(null)).toEqual({});
    expect(parseLinkHeader('')).toEqual({});
  });

  it('throws when a section cannot be split', () => {
    expect(() => parseLinkHeader('/api/x?page=2; rel="next"')).toThrow(LinkHeaderError);
    expect(() => parseLinkHeader('</api/x?page=2>')).toThrow(LinkHeaderError);
    expect(() => parseLinkHeader('</api/x?page=2>; title="a"')).toThrow(/sem rel/);
  });
});
