import { describe, expect, it } from 'vitest';
import { canonicalFilterUrl, filterFromFields, filterParamValue, parseFilterParam } from '#lib/schemas/match-filter.ts';

describe('the match list filter', () => {
  it('reads the JSON filter parameter', () =>
    expect(parseFilterParam('{"team":["[7DR]"],"type":["competitive","event"]}')).toEqual({
      team: ['[7DR]'],
      type: ['competitive', 'event'],
    }));
  it('ignores an invalid filter: bad JSON, not an object, unknown keys and invalid values', () => {
    expect(parseFilterParam('{nope')).toEqual({});
    expect(parseFilterParam('[1,2]')).toEqual({});
    expect(parseFilterParam('"team"')).toEqual({});
    expect(parseFilterParam('{"colour":["red"],"result":["9-0","5-0"],"status":"posted","type":[3]}')).toEqual({
      result: ['5-0'],
      status: ['posted'],
    });
    expect(parseFilterParam(`{"team":["${'x'.repeat(65)}","\\u0000",""]}`)).toEqual({});
  });
  it('keeps distinct values and at most 20 of them', () => {
    const many = Array.from({ length: 30 }, (_, i) => `T${i}`);
    expect(parseFilterParam(JSON.stringify({ team: ['A', 'A', ...many] })).team).toHaveLength(20);
  });
  it('writes one canonical parameter with the keys in a fixed order', () => {
    expect(filterParamValue({ status: ['posted'], team: ['A'] })).toBe('{"team":["A"],"status":["posted"]}');
    expect(filterParamValue({ team: [] })).toBeUndefined();
  });
  it('turns the plain form fields into the canonical address, back to the first page', () => {
    const url = new URL('http://s/statistics/matches?series=S3&page=4&pageSize=25&filtered=1&team=A&team=B&map=foy');
    expect(filterFromFields(url.searchParams)).toEqual({ team: ['A', 'B'], map: ['foy'] });
    const target = new URL(canonicalFilterUrl(url) ?? '', 'http://s');
    expect(target.pathname).toBe('/statistics/matches');
    expect([...target.searchParams.keys()]).toEqual(['series', 'pageSize', 'filter']);
    expect(JSON.parse(target.searchParams.get('filter') ?? '')).toEqual({ team: ['A', 'B'], map: ['foy'] });
  });
  it('clears the filter when the form is sent with nothing checked, and leaves other addresses alone', () => {
    expect(canonicalFilterUrl(new URL('http://s/statistics/matches?series=S3&filter={"team":["A"]}&filtered=1'))).toBe(
      '/statistics/matches?series=S3',
    );
    expect(canonicalFilterUrl(new URL('http://s/statistics/matches?series=S3&team=A'))).toBeUndefined();
  });
});
