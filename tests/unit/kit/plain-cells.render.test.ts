import { describe, expect, it } from 'vitest';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import Cell from '#components/kit/Cell.astro';
import { cell, plainCellHtml, type CellValue } from '#lib/kit/cells.ts';

// Tables print these cells as strings instead of through the Cell component: the bytes must be the component's.
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

describe('plainCellHtml', () => {
  it('prints each plain cell exactly as the Cell component renders it', async () => {
    const container = await AstroContainer.create();
    for (const value of values) {
      // The dev server marks elements with their source; a build does not.
      const html = (await container.renderToString(Cell, { props: { value } })).replace(
        / data-astro-source-(?:file|loc)="[^"]*"/g,
        '',
      );
      expect(plainCellHtml(value), JSON.stringify(value)).toBe(html);
    }
  });

  it('leaves the cells that need a component to the Cell component', () => {
    expect(plainCellHtml(cell.team({ tag: '[7DR]' }))).toBeUndefined();
    expect(plainCellHtml(cell.date('2026-03-12T18:05:00Z'))).toBeUndefined();
    expect(plainCellHtml(cell.status('posted'))).toBeUndefined();
    expect(plainCellHtml(cell.rank(1, 'ranked'))).toBeUndefined();
    expect(plainCellHtml(cell.side('Axis'))).toBeUndefined();
  });
});
