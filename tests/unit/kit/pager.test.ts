import { describe, expect, it } from 'vitest';
import { pageWindow, pagerModel, pagerSummary, pagingToQuery, readPaging } from '#lib/kit/pager.ts';

const options = { defaultPageSize: 10 };
const url = (query: string) => new URL(`http://localhost/statistics/matches${query}`);

describe('readPaging', () => {
  it('defaults to page 0 of the default size (the match list: 10)', () => {
    expect(readPaging(url(''), options)).toEqual({ page: 0, pageSize: 10 });
  });
  it('reads page and pageSize', () => {
    expect(readPaging(url('?page=3&pageSize=25'), options)).toEqual({ page: 3, pageSize: 25 });
  });
  it.each(['-1', '1.5', 'abc', '', '1e3', '99999999999'])('ignores the invalid page %j', (page) => {
    expect(readPaging(url(`?page=${page}`), options).page).toBe(0);
  });
  it.each(['0', '7', '101', 'x'])('ignores a page size that is not offered (%s)', (size) => {
    expect(readPaging(url(`?pageSize=${size}`), options).pageSize).toBe(10);
  });
  it('reads named parameters for a second pager', () => {
    const paging = readPaging(url('?playersPage=2&playersSize=50'), {
      defaultPageSize: 25,
      pageParam: 'playersPage',
      pageSizeParam: 'playersSize',
    });
    expect(paging).toEqual({ page: 2, pageSize: 50 });
    expect(pagingToQuery(paging)).toEqual({ offset: 100, limit: 50 });
  });
});

describe('pagerSummary', () => {
  it("reads '1–10 of 1,234' with an en dash and separators", () => {
    expect(pagerSummary({ page: 0, pageSize: 10 }, 1234)).toBe('1\u201310 of 1,234');
    expect(pagerSummary({ page: 123, pageSize: 10 }, 1234)).toBe('1,231\u20131,234 of 1,234');
  });
  it('handles empty lists and pages past the end', () => {
    expect(pagerSummary({ page: 0, pageSize: 10 }, 0)).toBe('0 of 0');
    expect(pagerSummary({ page: 5, pageSize: 10 }, 12)).toBe('0 of 12');
  });
});

describe('pageWindow', () => {
  it('shows the first, the last and the neighbours of the current page with gaps', () => {
    expect(pageWindow(5, 20)).toEqual([0, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageWindow(0, 3)).toEqual([0, 1, 'gap', 3]);
    expect(pageWindow(0, 0)).toEqual([0]);
    expect(pageWindow(2, 4)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('pagerModel', () => {
  it('links pages keeping every other parameter, leaving defaults out', () => {
    const model = pagerModel(url('?series=S3&filter=%7B%7D&page=2'), { page: 2, pageSize: 10 }, 95, options);
    expect(model.summary).toBe('21\u201330 of 95');
    expect(model.previous).toBe('/statistics/matches?series=S3&filter=%7B%7D&page=1');
    expect(model.next).toBe('/statistics/matches?series=S3&filter=%7B%7D&page=3');
    expect(model.lastPage).toBe(9);
    const first = model.items[0];
    expect(first).toEqual({
      kind: 'page',
      page: 0,
      label: '1',
      href: '/statistics/matches?series=S3&filter=%7B%7D',
      current: false,
    });
    expect(model.items.filter((i) => i.kind === 'page' && i.current).map((i) => i.kind === 'page' && i.page)).toEqual([
      2,
    ]);
  });
  it('has no previous link on the first page and no next link on the last', () => {
    expect(pagerModel(url(''), { page: 0, pageSize: 10 }, 30, options).previous).toBeNull();
    expect(pagerModel(url('?page=2'), { page: 2, pageSize: 10 }, 30, options).next).toBeNull();
  });
  it('changes the page size keeping the first item of the page in view', () => {
    const model = pagerModel(url('?page=7'), { page: 7, pageSize: 10 }, 1000, options);
    const by = Object.fromEntries(model.sizes.map((s) => [s.size, s.href]));
    expect(by[25]).toBe('/statistics/matches?page=2&pageSize=25');
    expect(by[10]).toBe('/statistics/matches?page=7');
    expect(model.sizes.find((s) => s.current)?.size).toBe(10);
  });
});
