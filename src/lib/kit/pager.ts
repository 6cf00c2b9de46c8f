/**
 * Paging by links (ui.md "Pager"): `page` (from 0) and `pageSize` live in the URL, every other parameter of the
 * page is kept, and the summary reads '1–10 of 1,234'.
 */
import { withParams } from '#lib/links.ts';
import { formatCount } from '#lib/format/index.ts';

export interface Paging {
  /** Zero-based page number. */
  page: number;
  pageSize: number;
}

export interface PagingOptions {
  /** Page size when the URL has none (the match list: 10). */
  defaultPageSize: number;
  /** Sizes offered and accepted; another size in the URL falls back to the default. */
  pageSizes?: readonly number[];
  /** Parameter names, for a page with two pagers ('playersPage'). */
  pageParam?: string;
  pageSizeParam?: string;
}

export const DEFAULT_PAGE_SIZES: readonly number[] = [10, 25, 50, 100];
const MAX_PAGE = 1_000_000;

function params(options: PagingOptions) {
  return {
    pageParam: options.pageParam ?? 'page',
    sizeParam: options.pageSizeParam ?? 'pageSize',
    sizes: options.pageSizes ?? DEFAULT_PAGE_SIZES,
  };
}

/**
 * The paging of the page at `url`. A missing, negative, fractional or absurd `page` is page 0; a `pageSize`
 * that is not one of the offered sizes is the default size (spec: an invalid value is ignored, never an error).
 */
export function readPaging(url: URL, options: PagingOptions): Paging {
  const { pageParam, sizeParam, sizes } = params(options);
  const number = (value: string | null) => (value !== null && /^\d{1,7}$/.test(value) ? Number(value) : null);
  const page = number(url.searchParams.get(pageParam));
  const size = number(url.searchParams.get(sizeParam));
  return {
    page: page !== null && page <= MAX_PAGE ? page : 0,
    pageSize: size !== null && sizes.includes(size) ? size : options.defaultPageSize,
  };
}

/** The offset and limit of the list call for `paging`. */
export function pagingToQuery(paging: Paging): { offset: number; limit: number } {
  return { offset: paging.page * paging.pageSize, limit: paging.pageSize };
}

export type PagerItem = { kind: 'page'; page: number; label: string; href: string; current: boolean } | { kind: 'gap' };

export interface PagerModel {
  /** '1–10 of 1,234' (an en dash); '0 of 0' for an empty list. */
  summary: string;
  previous: string | null;
  next: string | null;
  items: PagerItem[];
  sizes: { size: number; href: string; current: boolean }[];
  lastPage: number;
}

/** '1–10 of 1,234' for `paging` over `total` items. A page past the end reads '0 of 1,234'. */
export function pagerSummary(paging: Paging, total: number): string {
  const from = paging.page * paging.pageSize + 1;
  if (total === 0 || from > total) return `0 of ${formatCount(total)}`;
  const to = Math.min(total, from + paging.pageSize - 1);
  return `${formatCount(from)}\u2013${formatCount(to)} of ${formatCount(total)}`;
}

/** Page numbers to show: the first, the last, and `around` pages each side of the current one, gaps between. */
export function pageWindow(page: number, lastPage: number, around = 1): (number | 'gap')[] {
  const shown = new Set<number>([0, lastPage]);
  for (let p = page - around; p <= page + around; p++) if (p >= 0 && p <= lastPage) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of sorted) {
    const previous = out.at(-1);
    if (typeof previous === 'number' && p - previous > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

/** Everything the Pager component shows for `paging` over `total` items on the page at `url`. */
export function pagerModel(url: URL, paging: Paging, total: number, options: PagingOptions): PagerModel {
  const { pageParam, sizeParam, sizes } = params(options);
  const lastPage = Math.max(0, Math.ceil(total / paging.pageSize) - 1);
  // The default size and the first page are left out of links, so pager links match the page's own address.
  const link = (page: number, size = paging.pageSize) =>
    withParams(url, {
      [pageParam]: page === 0 ? undefined : page,
      [sizeParam]: size === options.defaultPageSize ? undefined : size,
    });
  const current = Math.min(paging.page, lastPage);
  return {
    summary: pagerSummary(paging, total),
    previous: paging.page > 0 ? link(Math.min(paging.page - 1, lastPage)) : null,
    next: paging.page < lastPage ? link(paging.page + 1) : null,
    items: pageWindow(current, lastPage).map((p) =>
      p === 'gap'
        ? { kind: 'gap' }
        : { kind: 'page', page: p, label: formatCount(p + 1), href: link(p), current: p === paging.page },
    ),
    // A new size keeps the first item of the current page in view.
    sizes: sizes.map((size) => ({
      size,
      href: link(Math.floor((paging.page * paging.pageSize) / size), size),
      current: size === paging.pageSize,
    })),
    lastPage,
  };
}
