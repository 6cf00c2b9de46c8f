/**
 * A table's body rows as one HTML string (the kit's Table prints it with a single set:html): an Astro element per
 * cell, even one filled by set:html, was most of the time a big table took to render. The markup is exactly what
 * the Table component printed per cell. A row with a component cell cannot be a string: then the cells' values come
 * back for the component to render.
 */
import { stacks, type Align, type Column } from './table.ts';
import { plainCellHtml, type CellValue } from './cells.ts';
import { escapeText } from '#lib/format/markup.ts';

/** The class of a cell aligned `align`, as the Table prints it (none for 'start'). */
export function alignClass(align: Align): string | undefined {
  return align === 'end' ? 'number' : align === 'center' ? 'center' : undefined;
}

/** The short label a stacked row prints before a cell's value (hidden from screen readers, which read the header). */
export const cellLabelHtml = (label: string): string =>
  `<span class="cell-label" aria-hidden="true">${escapeText(label)} </span>`;

/**
 * The class of `column`'s cells (and header): its alignment and, in a table that stacks when narrow, its
 * priority (p-key, p-sub or p-detail). Undefined when it has neither.
 */
export function cellClass<Row>(column: Column<Row>, stacked: boolean): string | undefined {
  const align = alignClass(column.align ?? 'start');
  const priority = stacked ? `p-${column.priority ?? 'detail'}` : undefined;
  return [align, priority].filter(Boolean).join(' ') || undefined;
}

/** The rows' HTML, or (when a cell is an Astro component) every cell's value, row by row. */
export function tableRows<Row>(
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  iconResizeUrl: string | null,
  rowHeader: boolean,
): { html: string } | { cells: CellValue[][] } {
  const stacked = stacks(columns);
  const opens = columns.map((column, c) => {
    const classes = cellClass(column, stacked);
    const open = classes ? ` class="${classes}"` : '';
    return rowHeader && c === 0 ? `<th scope="row"${open}>` : `<td${open}>`;
  });
  const closes = columns.map((_, c) => (rowHeader && c === 0 ? '</th>' : '</td>'));
  // A stacked row has its headers out of sight: a number is read by its short label, printed only then.
  for (let c = 0; c < columns.length; c++)
    if (stacked && columns[c]!.label) opens[c] += cellLabelHtml(columns[c]!.label!);
  let html = '';
  const cells: CellValue[][] = [];
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    const values = columns.map((column) => column.cell(row, index));
    cells.push(values);
    html += '<tr>';
    for (let c = 0; c < values.length; c++) {
      const cell = plainCellHtml(values[c], iconResizeUrl);
      if (cell === undefined) return { cells: finishCells(columns, rows, cells, index + 1) };
      html += opens[c] + cell + closes[c];
    }
    html += '</tr>';
  }
  return { html };
}

/** The values of the rows from `from` on, after those already computed. */
function finishCells<Row>(
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  cells: CellValue[][],
  from: number,
): CellValue[][] {
  for (let index = from; index < rows.length; index++)
    cells.push(columns.map((column) => column.cell(rows[index]!, index)));
  return cells;
}
