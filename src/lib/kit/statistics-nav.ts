import { paths } from '#lib/links.ts';

/**
 * The statistics section (spec section 2, ui.md "Page anatomy"): the pages of the side navigation on
 * /statistics/*, each with the one-line summary the /statistics container page shows, and the cookie that
 * remembers whether the side navigation is collapsed (read by the layout on the server, so a collapsed
 * navigation is rendered collapsed with no script and no flash; written by the side-nav island).
 */

export interface StatisticsPage {
  id: string;
  label: string;
  path: string;
  summary: string;
}

/** The side navigation's entries, in order. A new statistics page: one line here. */
export const STATISTICS_PAGES: readonly StatisticsPage[] = [
  {
    id: 'players',
    label: 'Players',
    path: paths.players(),
    summary: 'Find a player by name or id: their skill, matches, weapons and roles.',
  },
  {
    id: 'compare',
    label: 'Compare',
    path: paths.compare(),
    summary: 'Put players side by side: skill in kills, deaths, support and combat.',
  },
  {
    id: 'matches',
    label: 'Matches',
    path: paths.matches(),
    summary: 'Every reported match of the series with its result, map and status.',
  },
  {
    id: 'report',
    label: 'Report match',
    path: paths.reportMatch(),
    summary: "Upload a server log to report your team's match (team managers).",
  },
  {
    id: 'winrates',
    label: 'Win rates',
    path: paths.winrates(),
    summary: 'How often Allies and Axis win, overall and on each map.',
  },
  {
    id: 'tournaments',
    label: 'Tournaments',
    path: paths.tournaments(),
    summary: 'The tournaments and events of the series, with their teams and results.',
  },
  {
    id: 'ratings',
    label: 'Ratings',
    path: paths.ratings(),
    summary: 'How team ratings are calculated, and how well they predict results.',
  },
];

/**
 * The entry for `pathname`: the longest path it lies under ('/statistics/matches/report' is 'Report match', not
 * 'Matches'); undefined on the container page.
 */
export function currentStatisticsPage(pathname: string): StatisticsPage | undefined {
  return STATISTICS_PAGES.filter((page) => pathname === page.path || pathname.startsWith(`${page.path}/`)).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
}

/** The cookie that remembers the side navigation's state: 'collapsed' or 'open'. */
export const SIDE_NAV_COOKIE = 'side_nav';

/** True when the remembered state is collapsed (anything else, including no cookie: open). */
export function isSideNavCollapsed(value: string | undefined): boolean {
  return value === 'collapsed';
}

/** The `document.cookie` assignment remembering `collapsed` for a year, site-wide. */
export function sideNavCookie(collapsed: boolean, secure: boolean): string {
  const value = collapsed ? 'collapsed' : 'open';
  return `${SIDE_NAV_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}
