import type { LadderTeam } from '#lib/schemas/team-view.ts';
import { getDb } from '#lib/server/app.ts';
import { isAdmin } from '#lib/server/auth/actor.ts';
import { listLadder } from '#lib/server/services/read/series-teams.ts';
import { pagingToQuery, readPaging, type Paging, type PagingOptions } from '#lib/kit/pager.ts';

/** How /teams shows its teams: a table ('list', the default) or a grid of cards. */
export type TeamsView = 'list' | 'cards';

/** The team list's pager: a community has tens of teams, so one page usually holds them all. */
export const TEAMS_PAGING: PagingOptions = { defaultPageSize: 50, pageSizes: [25, 50, 100] };

/** Longest 'Find team' text used (a team name is at most 64 characters; longer finds nothing anyway). */
const MAX_SEARCH = 64;

/** What /teams reads from its address; anything invalid falls back to the default instead of failing. */
export interface TeamsFilter {
  view: TeamsView;
  /** inactiveOnly=true: the inactive teams (spec section 2), kept in the URL. */
  inactiveOnly: boolean;
  /** 'Find team': matched against tag and name, case-insensitively; '' for none. */
  query: string;
  paging: Paging;
}

export interface TeamsPage extends TeamsFilter {
  teams: LadderTeam[];
  total: number;
  /** ADMIN: the primary action is 'Create team' (/teams/add), else 'Request team registration'. */
  canCreate: boolean;
}

/** The filter of the team list at `url` (view, inactiveOnly, query, paging). */
export function readTeamsFilter(url: URL): TeamsFilter {
  const params = url.searchParams;
  return {
    view: params.get('view') === 'cards' ? 'cards' : 'list',
    inactiveOnly: params.get('inactiveOnly') === 'true',
    query: (params.get('query') ?? '').trim().slice(0, MAX_SEARCH),
    paging: readPaging(url, TEAMS_PAGING),
  };
}

/** /teams: one page of the series' active (or inactive) teams in ranking order, filtered by 'Find team'. */
export async function loadTeamsPage(locals: App.Locals, url: URL): Promise<TeamsPage> {
  const filter = readTeamsFilter(url);
  const canCreate = isAdmin(locals.actor);
  const series = locals.series;
  if (!series) return { ...filter, teams: [], total: 0, canCreate };
  const db = await getDb();
  const { teams, total } = await listLadder(db, series, {
    inactiveOnly: filter.inactiveOnly,
    search: filter.query,
    ...pagingToQuery(filter.paging),
  });
  return { ...filter, teams, total, canCreate };
}
