import { describe, expect, it } from 'vitest';
import { render } from '#tests/helpers/render.ts';
import Table from '#components/kit/Table.astro';
import Score from '#components/kit/Score.astro';
import { cell } from '#lib/kit/cells.ts';
import type { Column } from '#lib/kit/table.ts';

interface Row {
  rank: number;
  tag: string;
  name: string | null;
  registered: boolean;
  score: number | null;
  date: string;
  status: string;
}
const rows: Row[] = [
  {
    rank: 1,
    tag: '[7DR]',
    name: '7th Dragoons',
    registered: true,
    score: 31.556,
    date: '2026-03-12T18:05:00Z',
    status: 'posted',
  },
  { rank: 2, tag: 'RND', name: null, registered: false, score: null, date: '2026-03-11T10:00:00Z', status: 'pending' },
];
const columns: Column<Row>[] = [
  {
    id: 'team',
    header: 'Team',
    cell: (r) => cell.team({ tag: r.tag, name: r.name, registered: r.registered }, `/teams/${r.tag}`),
  },
  { id: 'rank', header: 'Rank', cell: (r) => cell.rank(r.rank, 'ranked'), sortKey: 'rank' },
  { id: 'score', header: 'Score', cell: (r) => cell.score(r.score), align: 'end', sortKey: 'score', sortFirst: 'desc' },
  { id: 'date', header: 'Date', cell: (r) => cell.date(r.date, `/m/${r.rank}`) },
  { id: 'status', header: 'Status', cell: (r) => cell.status(r.status) },
  { id: 'raw', header: 'Score again', cell: (r) => cell.component(Score, { score: r.score }), align: 'end' },
  { id: 'count', header: 'Matches', cell: (r) => r.rank * 1000, align: 'end' },
];

describe('Table', () => {
  it('renders the column list: captioned, header cells with scope, typed cells, numbers at the end', async () => {
    const page = await render(Table, {
      props: { columns, rows, caption: 'Teams', sort: { key: 'score', dir: 'desc' } },
      url: 'http://localhost/teams?series=S3&sort=score&dir=desc&page=2',
    });
    expect(page.one('caption').text).toBe('Teams');
    const region = page.one('.table-scroll');
    expect(region.attrs['role']).toBe('region');
    expect(region.attrs['tabindex']).toBe('0');
    expect(region.attrs['aria-labelledby']).toBe(page.one('caption').attrs['id']);
    expect(page.all('thead th').map((th) => th.attrs['scope'])).toEqual(Array(7).fill('col'));
    const body = page.all('tbody tr').map((tr) => tr.all('td').map((td) => td.text));
    expect(body).toEqual([
      ['7D [7DR] 7th Dragoons', '1st', '31.56', 'Mar 12, 2026', 'Posted', '31.56', '1,000'],
      ['RND unregistered', '2nd', '0', 'Mar 11, 2026', 'Pending approval', '0', '2,000'],
    ]);
    const first = page.all('tbody tr')[0]?.all('td') ?? [];
    expect(first.map((td) => (td.attrs['class'] ?? '').split(' ').includes('number'))).toEqual([
      false,
      false,
      true,
      false,
      false,
      true,
      true,
    ]);
    expect(first[3]?.all('time')[0]?.attrs['datetime']).toBe('2026-03-12T18:05:00.000Z');
    expect(first[3]?.all('a')[0]?.attrs['href']).toBe('/m/1');
  });

  it('sorts with links that keep the parameters and mark the sorted column', async () => {
    const page = await render(Table, {
      props: { columns, rows, caption: 'Teams', sort: { key: 'score', dir: 'desc' } },
      url: 'http://localhost/teams?series=S3&sort=score&dir=desc&page=2',
    });
    const sorted = page.one('th[aria-sort]');
    expect(sorted.attrs['aria-sort']).toBe('descending');
    expect(sorted.all('a')[0]?.attrs['href']).toBe('/teams?series=S3&sort=score&dir=asc');
    expect(sorted.text).toBe('Score, sort ascending▼');
    const rank = page.all('thead th')[1];
    expect(rank?.all('a')[0]?.attrs['href']).toBe('/teams?series=S3&sort=rank&dir=asc');
    expect(page.all('thead th')[0]?.all('a')).toHaveLength(0);
  });

  it('uses row headers when asked', async () => {
    const page = await render(Table, { props: { columns, rows, caption: 'Teams', rowHeader: true } });
    expect(page.all('tbody th[scope=row]').map((th) => th.text)).toEqual(['7D [7DR] 7th Dragoons', 'RND unregistered']);
  });

  it('shows the empty state instead of an empty table', async () => {
    const page = await render(Table, {
      props: {
        columns,
        rows: [],
        caption: 'Teams',
        empty: { title: 'No teams', text: 'There are no registered teams, yet' },
      },
    });
    expect(page.all('table')).toHaveLength(0);
    expect(page.text).toBe('No teams There are no registered teams, yet');
  });
});
