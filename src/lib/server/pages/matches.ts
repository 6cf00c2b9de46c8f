import type { Match } from '#lib/schemas/match.ts';
import { MATCH_RESULTS, MATCH_TYPES, CALCULATION_STATUSES, matchListQuerySchema } from '#lib/schemas/match.ts';
import { couldNotFetchMatches, parseFilterParam, type MatchListFilter } from '#lib/schemas/match-filter.ts';
import { resolveMap, mapIds } from '#lib/domain/catalogue/maps.ts';
import { calculationStatusLabel, mapDisplayName, matchTypeLabel } from '#lib/format/index.ts';
import { readPaging, pagingToQuery, type Paging } from '#lib/kit/pager.ts';
import { getDb } from '#lib/server/app.ts';
import { HttpError } from '#lib/server/core/errors.ts';
import { listSeriesMatches } from '#lib/server/services/read/matches.ts';
import { listTeams } from '#lib/server/services/read/series-teams.ts';
import { listTournamentsView } from '#lib/server/services/read/tournaments.ts';

/** The match list's defaults (spec section 9: the screen's URL defaults to page 0, pageSize 10). */
export const MATCH_LIST_PAGING = { defaultPageSize: 10 } as const;

/** One choice of a filter list: the value the filter carries and what a person reads. */
export interface FilterOption {
  value: string;
  label: string;
}

export type FilterOptions = Record<keyof MatchListFilter, FilterOption[]>;

export interface MatchListPage {
  matches: Match[];
  total: number;
  paging: Paging;
  /** The filter in force (invalid values of the URL already dropped). */
  filter: MatchListFilter;
  options: FilterOptions;
  /** 'Could not fetch matches: {status}' when the list failed; the page still renders its filters. */
  error?: string;
}

/** The filter with map spellings turned into catalogue ids and unknown maps dropped (ignored, not refused). */
function resolveMaps(filter: MatchListFilter): MatchListFilter {
  if (!filter.map) return filter;
  const map = [...new Set(filter.map.flatMap((m) => resolveMap(m)?.id ?? []))];
  const { map: _dropped, ...rest } = filter;
  return map.length ? { ...rest, map } : rest;
}

/** The choices of every filter list; values already in the filter stay choosable even if not offered anymore. */
async function filterOptions(locals: App.Locals, filter: MatchListFilter): Promise<FilterOptions> {
  const db = await getDb();
  const series = locals.series;
  const [teams, tournaments] = await Promise.all([
    series ? listTeams(db, series, { inactiveOnly: false, limit: 100, offset: 0 }) : { teams: [] },
    listTournamentsView(db, false),
  ]);
  const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
  const withSelected = (options: FilterOption[], selected: string[] = []) => [
    ...options,
    ...plain(selected.filter((value) => !options.some((o) => o.value.toLowerCase() === value.toLowerCase()))),
  ];
  return {
    team: withSelected(
      teams.teams.map((t) => ({ value: t.tag, label: t.tag })).sort((a, b) => a.label.localeCompare(b.label)),
      filter.team,
    ),
    map: mapIds()
      .map((id) => ({ value: id, label: mapDisplayName(id) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    type: MATCH_TYPES.map((value) => ({ value, label: matchTypeLabel(value) })),
    tournament: withSelected(
      tournaments.map((t) => ({ value: t.tag, label: t.name })),
      filter.tournament,
    ),
    result: plain(MATCH_RESULTS),
    status: CALCULATION_STATUSES.filter((s) => s !== 'processing').map((value) => ({
      value,
      label: calculationStatusLabel(value),
    })),
  };
}

/**
 * The match list page at `url`: the series' public matches newest first, one page of them (`page`, `pageSize`)
 * narrowed by the JSON `filter` parameter (invalid parts ignored), and the choices of the filter form.
 */
export async function loadMatchList(locals: App.Locals, url: URL): Promise<MatchListPage> {
  const paging = readPaging(url, MATCH_LIST_PAGING);
  const filter = resolveMaps(parseFilterParam(url.searchParams.get('filter')));
  const options = await filterOptions(locals, filter);
  const series = locals.series;
  if (!series) return { matches: [], total: 0, paging, filter, options };
  try {
    const db = await getDb();
    const { offset, limit } = pagingToQuery(paging);
    // The API's own query schema types the (already cleaned) filter lists and checks the paging once more.
    const query = matchListQuerySchema.parse({ desc: 'true', offset: String(offset), limit: String(limit), ...filter });
    const list = await listSeriesMatches(db, series, query);
    return { matches: list.matches, total: list.meta.total_count, paging, filter, options };
  } catch (error) {
    if (!(error instanceof HttpError)) console.error('The match list failed to load:', error);
    const status = error instanceof HttpError ? error.status : 500;
    return { matches: [], total: 0, paging, filter, options, error: couldNotFetchMatches(status) };
  }
}
