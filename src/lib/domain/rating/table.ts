/** Plain-text tables for the CLI. */

/** A table cell: text is left-aligned, numbers right-aligned, null shows as '-'. */
export type Cell = string | number | null;

/** Options of {@link formatTable}. */
export interface TableOptions {
  /** Column order; default the keys of the first row. */
  readonly columns?: readonly string[];
  /** Decimals for non-integer numbers. Default 4. */
  readonly digits?: number;
}

/**
 * Renders rows as an aligned table: a header line, a dashed rule, one line per
 * row, columns separated by two spaces, no trailing spaces. Missing keys render
 * as '-'; NaN as 'NaN'. Returns '' when there are no columns.
 */
export function formatTable(rows: readonly Readonly<Record<string, Cell>>[], options: TableOptions = {}): string {
  const columns = options.columns ?? Object.keys(rows[0] ?? {});
  if (columns.length === 0) return '';
  const digits = options.digits ?? 4;
  const render = (cell: Cell | undefined): string => {
    if (cell === null || cell === undefined) return '-';
    if (typeof cell === 'string') return cell;
    return Number.isInteger(cell) ? String(cell) : cell.toFixed(digits);
  };
  const body = rows.map((row) => columns.map((c) => render(row[c])));
  const numeric = columns.map((c) => rows.length > 0 && rows.every((row) => typeof row[c] !== 'string'));
  const widths = columns.map((c, i) => Math.max(c.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
