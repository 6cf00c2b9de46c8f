import type { Column } from '#lib/kit/table.ts';
import { cell } from '#lib/kit/cells.ts';
import type { LogBrowserRow } from '#lib/schemas/log.ts';
import { withParams } from '#lib/links.ts';
import LogMatches from './LogMatches.astro';

const kb = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** A file's size in words: bytes under 1 KB, else KB or MB with one decimal. */
export function formatSize(bytes: number | undefined): string {
  if (bytes === undefined) return '–';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${kb.format(bytes / 1024)} KB`;
  return `${kb.format(bytes / 1024 / 1024)} MB`;
}

/**
 * The log browser's columns: a folder opens in the browser, a file downloads (GET /v3/logs?path=) and links every
 * match reported from it (a log of two games made two matches).
 */
export function logColumns(url: URL): Column<LogBrowserRow>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      priority: 'key',
      cell: (e) =>
        e.type === 'folder'
          ? cell.link(`${e.name}/`, withParams(url, { path: e.path }))
          : cell.link(e.name, `/v3/logs?path=${encodeURIComponent(e.path)}`),
    },
    { id: 'type', header: 'Type', cell: (e) => (e.type === 'folder' ? 'Folder' : 'File') },
    { id: 'size', header: 'Size', align: 'end', priority: 'key', cell: (e) => formatSize(e.size) },
    {
      id: 'uploaded',
      header: 'Uploaded',
      priority: 'sub',
      cell: (e) => (e.uploaded_at ? cell.date(e.uploaded_at) : null),
    },
    {
      id: 'match',
      header: 'Matches',
      priority: 'sub',
      cell: (e) => (e.matches.length > 0 ? cell.component(LogMatches, { matches: e.matches }) : null),
    },
  ];
}
