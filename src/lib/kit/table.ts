/**
 * Tables as data (ui.md "Columns and tabs as data"): a page declares a typed list of columns, the kit's Table
 * renders it. Sorting is done with links (`?sort=key&dir=asc`), so it works without JavaScript; the loader (or
 * sortRows for rows already in memory) orders the rows.
 */
import { withParams } from '#lib/links.ts';
import type { CellValue } from './cells.ts';

export type Align = 'start' | 'end' | 'center';

/**
 * What a column is worth where the table has little room (ui.md "Phones first"): 'key' columns make the row's
 * first line (a match: winner – result – loser), 'sub' columns a small line under them (date and map), 'detail'
 * columns only show where the whole table fits; on a narrow table they are behind the row's link. A table none of
 * whose columns has a priority scrolls sideways instead, with its first column kept in view.
 */
export type Priority = 'key' | 'sub' | 'detail';
export type SortDirection = 'asc' | 'desc';

/** The order a table is shown in: the sort key of one column and a direction. */
export interface SortState {
  key: string;
  dir: SortDirection;
}

export interface Column<Row> {
  /** Unique within the table. */
  id: string;
  /** Header text; put units here ('Score', 'Duration (min)'). */
  header: string;
  /** What the cell of `row` shows. */
  cell: (row: Row, index: number) => CellValue;
  /** 'end' for numbers (right-aligned, tabular digits). Default 'start'. */
  align?: Align;
  /** The `sort` parameter value that orders the table by this column; absent: not sortable. */
  sortKey?: string;
  /** The direction a first click sorts in (scores and counts: 'desc'). Default 'asc'. */
  sortFirst?: SortDirection;
  /** The value sortRows orders by when the rows are in memory. */
  sortValue?: (row: Row) => number | string | null | undefined;
  /** Where the column shows when the table is narrow (see Priority); in a table that stacks, absent is 'detail'. */
  priority?: Priority;
  /** The short name a stacked row prints before the value, where the headers are out of sight ('K', 'KPM'). */
  label?: string;
}

/** Whether a table stacks its rows when narrow: some of its columns say what they are worth. */
export function stacks<Row>(columns: readonly Column<Row>[]): boolean {
  return columns.some((column) => column.priority !== undefined);
}

/** A header as the Table component renders it. */
export interface HeaderModel {
  id: string;
  text: string;
  align: Align;
  /** The column's priority class when the table stacks (p-key, p-sub, p-detail). */
  priorityClass?: string | undefined;
  /** The link that sorts by this column (absent: not sortable). */
  sortHref?: string;
  /** aria-sort of the header: set on the sorted column only. */
  ariaSort?: 'ascending' | 'descending';
  /** What following the sort link does, for screen readers: 'sort descending'. */
  sortLabel?: string;
}

const DIRECTIONS: ReadonlySet<string> = new Set(['asc', 'desc']);

/**
 * The sort state of the table on the page at `url`: `sort` must be the sortKey of one of `columns` and `dir`
 * 'asc' or 'desc' (else that column's first direction); anything else falls back to `fallback`.
 */
export function readSort<Row>(
  url: URL,
  columns: readonly Column<Row>[],
  fallback: SortState,
  param = 'sort',
  dirParam = 'dir',
): SortState {
  const key = url.searchParams.get(param);
  const column = key ? columns.find((c) => c.sortKey === key) : undefined;
  if (!column || !key) return fallback;
  const dir = url.searchParams.get(dirParam);
  return { key, dir: dir && DIRECTIONS.has(dir) ? (dir as SortDirection) : (column.sortFirst ?? 'asc') };
}

/** The headers of a table: sort links keep every other parameter of the page and go back to its first page. */
export function tableHeaders<Row>(
  columns: readonly Column<Row>[],
  url: URL,
  sort: SortState | undefined,
  pageParam = 'page',
): HeaderModel[] {
  const stacked = stacks(columns);
  return columns.map((column) => {
    const header: HeaderModel = {
      id: column.id,
      text: column.header,
      align: column.align ?? 'start',
      priorityClass: stacked ? `p-${column.priority ?? 'detail'}` : undefined,
    };
    if (!column.sortKey) return header;
    const active = sort?.key === column.sortKey;
    const next: SortDirection = active ? (sort.dir === 'asc' ? 'desc' : 'asc') : (column.sortFirst ?? 'asc');
    header.sortHref = withParams(url, { sort: column.sortKey, dir: next, [pageParam]: undefined });
    header.sortLabel = `sort ${next === 'asc' ? 'ascending' : 'descending'}`;
    if (active) header.ariaSort = sort.dir === 'asc' ? 'ascending' : 'descending';
    return header;
  });
}

/**
 * A sorted copy of `rows` by the column whose sortKey is `sort.key` (its sortValue, or the row order when it has
 * none). Stable; missing values (null, undefined, NaN) come last in both directions.
 */
export function sortRows<Row>(rows: readonly Row[], columns: readonly Column<Row>[], sort: SortState): Row[] {
  const value = columns.find((c) => c.sortKey === sort.key)?.sortValue;
  if (!value) return [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, key: value(row) }));
  const missing = (k: unknown) => k === null || k === undefined || (typeof k === 'number' && Number.isNaN(k));
  keyed.sort((a, b) => {
    const am = missing(a.key);
    const bm = missing(b.key);
    if (am || bm) return am === bm ? a.index - b.index : am ? 1 : -1;
    const order =
      typeof a.key === 'number' && typeof b.key === 'number'
        ? a.key - b.key
        : String(a.key).localeCompare(String(b.key), 'en', { sensitivity: 'base', numeric: true });
    return order === 0 ? a.index - b.index : sign * order;
  });
  return keyed.map((k) => k.row);
}
