import { describe, expect, it } from 'vitest';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import Cell from '#components/kit/Cell.astro';
import TeamBadge from '#components/kit/TeamBadge.astro';
import DateTime from '#components/kit/DateTime.astro';
import StatusBadge from '#components/kit/StatusBadge.astro';
import Rank from '#components/kit/Rank.astro';
import SideLabel from '#components/kit/SideLabel.astro';
import { cell, plainCellHtml, type CellValue } from '#lib/kit/cells.ts';
import { emptyShell } from '#lib/schemas/shell.ts';
import { parseHtml } from '#tests/helpers/dom.ts';

// The dev server marks elements with their source; a build does not.
const unmarked = (html: string) => html.replace(/ data-astro-source-(?:file|loc)="[^"]*"/g, '');
const RESIZE = 'https://resize.example.org';

async function renderHtml(component: (props: never) => unknown, props: Record<string, unknown>): Promise<string> {
  const container = await AstroContainer.create();
  const html = await container.renderToString(component as never, {
    props,
    locals: { shell: { ...emptyShell, iconResizeUrl: RESIZE } } as App.Locals,
  });
  return unmarked(html);
}

// Tables print every cell but a component one as a string (plainCellHtml) instead of through the Cell component.
describe('plainCellHtml', () => {
  it('prints plain cells as the Cell component does, escaped as Astro escapes', async () => {
    const values: CellValue[] = [
      null,
      undefined,
      'plain & <b>"quoted"</b> it\'s',
      0,
      1234567.891,
      Number.NaN,
      cell.text('Ana & <Bo>'),
      cell.text('muted', { muted: true, title: 'A "title" & more' }),
      cell.text('empty title', { title: '' }),
      cell.link('[7DR] <x>', '/teams/%5B7DR%5D?series=S3&page=2&q="a"'),
      cell.score(31.556),
      cell.score(null),
      cell.decimal(0.12345, 3),
      cell.decimal(undefined),
      cell.percent(0.5),
      cell.percent(null),
    ];
    for (const value of values)
      expect(plainCellHtml(value), JSON.stringify(value)).toBe(await renderHtml(Cell, { value }));
    expect(plainCellHtml('a & <b>')).toBe('a &amp; &lt;b&gt;');
    expect(plainCellHtml(cell.link('x', '/a?b=1&c="d"'))).toBe('<a href="/a?b=1&amp;c=&quot;d&quot;">x</a>');
  });

  it('prints typed cells as the kit component of each kind renders them', async () => {
    const team = { tag: '[7<b>]', name: 'Ana & "Bo"', icon: 'https://cdn.discordapp.com/icons/1/a.png?x=1&y=2' };
    const cases: [CellValue, (props: never) => unknown, Record<string, unknown>][] = [
      [cell.team(team, '/teams/%5B7%5D?a=1&b=2'), TeamBadge, { team, href: '/teams/%5B7%5D?a=1&b=2' }],
      [cell.team(team, null, { size: 48, showName: false }), TeamBadge, { team, size: 48, showName: false }],
      [cell.team({ tag: 'RND', registered: false }), TeamBadge, { team: { tag: 'RND', registered: false } }],
      [cell.date('2026-03-12T18:05:00+02:00'), DateTime, { date: '2026-03-12T18:05:00+02:00' }],
      [cell.date('garbage'), DateTime, { date: 'garbage' }],
      [cell.status('disputed'), StatusBadge, { status: 'disputed' }],
      [cell.rank(21, 'ranked'), Rank, { rank: 21, ranking: 'ranked' }],
      [cell.rank(3, 'pending'), Rank, { rank: 3, ranking: 'pending' }],
      [cell.side('Axis'), SideLabel, { side: 'Axis' }],
      [cell.side(null), SideLabel, { side: null }],
    ];
    for (const [value, component, props] of cases) {
      const html = plainCellHtml(value, RESIZE);
      expect(html, JSON.stringify(value)).toBe(await renderHtml(component, props));
      expect(html, JSON.stringify(value)).toBe(await renderHtml(Cell, { value }));
    }
  });

  it('escapes what a team, date or link brings, and links a dated cell', () => {
    const html = plainCellHtml(
      cell.team({ tag: '<script>', name: '"><img src=x onerror=alert(1)>', icon: 'javascript:alert(1)' }, '/t?a=1&b'),
    )!;
    const doc = parseHtml(html);
    expect(doc.all('script')).toHaveLength(0);
    expect(doc.all('img')).toHaveLength(0);
    expect(doc.one('a.team').attrs['href']).toBe('/t?a=1&b');
    expect(doc.one('.tag').text).toBe('<script>');
    expect(doc.one('.name').text).toBe('"><img src=x onerror=alert(1)>');
    const dated = parseHtml(plainCellHtml(cell.date('2026-03-12T16:05:00Z', '/statistics/matches/7'))!);
    expect(dated.one('a').attrs['href']).toBe('/statistics/matches/7');
    expect(dated.one('a time').attrs['datetime']).toBe('2026-03-12T16:05:00.000Z');
  });

  it('leaves a component cell to the Cell component', () => {
    expect(plainCellHtml(cell.component(Rank, { rank: 1, ranking: 'ranked' as const }))).toBeUndefined();
  });
});
