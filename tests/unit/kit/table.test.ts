import { describe, expect, it } from 'vitest';
import { readSort, sortRows, stacks, tableHeaders, type Column } from '#lib/kit/table.ts';
import { tableRows } from '#lib/kit/table-rows.ts';

interface Row {
  tag: string;
  score: number | null;
}
const columns: Column<Row>[] = [
  { id: 'tag', header: 'Team', cell: (r) => r.tag, sortKey: 'tag', sortValue: (r) => r.tag },
  {
    id: 'score',
    header: 'Score',
    cell: (r) => r.score,
    align: 'end',
    sortKey: 'score',
    sortFirst: 'desc',
    sortValue: (r) => r.score,
  },
  { id: 'note', header: 'Note', cell: () => 'x' },
];
const url = (query: string) => new URL(`http://localhost/teams${query}`);

describe('readSort', () => {
  const fallback = { key: 'score', dir: 'desc' } as const;
  it('reads a known sort key and direction from the URL', () => {
    expect(readSort(url('?sort=tag&dir=desc'), columns, fallback)).toEqual({ key: 'tag', dir: 'desc' });
  });
  it("uses the column's first direction when dir is missing or invalid", () => {
    expect(readSort(url('?sort=score'), columns, { key: 'tag', dir: 'asc' })).toEqual({ key: 'score', dir: 'desc' });
    expect(readSort(url('?sort=tag&dir=sideways'), columns, fallback)).toEqual({ key: 'tag', dir: 'asc' });
  });
  it('falls back for an unknown or unsortable key', () => {
    expect(readSort(url('?sort=note'), columns, fallback)).toEqual(fallback);
    expect(readSort(url('?sort=DROP%20TABLE'), columns, fallback)).toEqual(fallback);
    expect(readSort(url(''), columns, fallback)).toEqual(fallback);
  });
});

describe('tableHeaders', () => {
  it('links sortable headers to the other direction of the active column, keeping other parameters', () => {
    const headers = tableHeaders(columns, url('?series=S3&sort=score&dir=desc&page=4&q=7'), {
      key: 'score',
      dir: 'desc',
    });
    expect(headers.map((h) => h.id)).toEqual(['tag', 'score', 'note']);
    const [tag, score, note] = headers;
    // Sorting goes back to the first page; series and the search stay.
    expect(score?.sortHref).toBe('/teams?series=S3&sort=score&dir=asc&q=7');
    expect(score?.ariaSort).toBe('descending');
    expect(score?.sortLabel).toBe('sort ascending');
    expect(score?.align).toBe('end');
    expect(tag?.sortHref).toBe('/teams?series=S3&sort=tag&dir=asc&q=7');
    expect(tag?.ariaSort).toBeUndefined();
    expect(note?.sortHref).toBeUndefined();
    expect(note?.align).toBe('start');
  });
  it('starts an inactive column in its first direction and resets a named page parameter', () => {
    const [, score] = tableHeaders(columns, url('?playersPage=2'), { key: 'tag', dir: 'asc' }, 'playersPage');
    expect(score?.sortHref).toBe('/teams?sort=score&dir=desc');
  });
});

describe('sortRows', () => {
  const rows: Row[] = [
    { tag: 'b', score: 2 },
    { tag: 'A', score: null },
    { tag: 'c', score: 10 },
    { tag: 'a2', score: 2 },
  ];
  it('orders numbers numerically in both directions, missing values last, ties stable', () => {
    expect(sortRows(rows, columns, { key: 'score', dir: 'desc' }).map((r) => r.tag)).toEqual(['c', 'b', 'a2', 'A']);
    expect(sortRows(rows, columns, { key: 'score', dir: 'asc' }).map((r) => r.tag)).toEqual(['b', 'a2', 'c', 'A']);
  });
  it('orders text case-insensitively with numbers in natural order', () => {
    expect(sortRows(rows, columns, { key: 'tag', dir: 'asc' }).map((r) => r.tag)).toEqual(['A', 'a2', 'b', 'c']);
    const natural = [
      { tag: 'T10', score: 0 },
      { tag: 'T9', score: 0 },
    ];
    expect(sortRows(natural, columns, { key: 'tag', dir: 'asc' }).map((r) => r.tag)).toEqual(['T9', 'T10']);
  });
  it('leaves the order alone for a key without a sort value, and never mutates the input', () => {
    const copy = [...rows];
    expect(sortRows(rows, columns, { key: 'nope', dir: 'asc' })).toEqual(rows);
    sortRows(rows, columns, { key: 'score', dir: 'asc' });
    expect(rows).toEqual(copy);
  });
});

describe('column priorities (tables that stack when narrow)', () => {
  const prioritised: Column<Row>[] = [
    { id: 'tag', header: 'Team', cell: (r) => r.tag, priority: 'key' },
    { id: 'score', header: 'Score', cell: (r) => r.score, align: 'end', priority: 'sub', label: 'S' },
    { id: 'note', header: 'Note', cell: () => 'x' },
  ];
  it('marks every cell and header with its priority, a column without one as a detail', () => {
    const { html } = tableRows(prioritised, [{ tag: 'A', score: 2 }], null, false) as { html: string };
    expect(html).toBe(
      '<tr><td class="p-key">A</td><td class="number p-sub"><span class="cell-label" aria-hidden="true">S </span>2</td>' +
        '<td class="p-detail">x</td></tr>',
    );
    expect(tableHeaders(prioritised, url(''), undefined).map((h) => h.priorityClass)).toEqual([
      'p-key',
      'p-sub',
      'p-detail',
    ]);
    expect(stacks(prioritised)).toBe(true);
  });
  it('leaves a table without priorities as it was (it scrolls sideways instead)', () => {
    const { html } = tableRows(columns, [{ tag: 'A', score: 2 }], null, false) as { html: string };
    expect(html).toBe('<tr><td>A</td><td class="number">2</td><td>x</td></tr>');
    expect(stacks(columns)).toBe(false);
  });
});
