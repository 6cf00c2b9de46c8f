/**
 * The one list of the site's pages. The sweep (pages.spec.ts: axe, security headers, document title, background
 * image, screenshots at desktop and phone width with no horizontal overflow) and the JavaScript budget
 * (shell-budget.spec.ts) run over it. A new page is one line here; a page with a path parameter names a row the
 * demo community has (the demo seed is deterministic).
 */

/** The demo accounts of /v2/auth/demo (src/pages/v2/auth/demo.ts). */
export type DemoRole = 'user' | 'manager' | 'admin';

export interface SitePage {
  /** The address to visit; the middleware adds the series itself. */
  path: string;
  /** The `{page}` part of the document title '{page} | Hell Let Loose Skill System'. */
  title: string;
  /** The demo account that must be signed in to see the page (absent: a public page, visited signed out). */
  role?: DemoRole;
  /** True for the pages with no background image (spec section 2: report form, team list, tournaments). */
  plain?: boolean;
  /** The status the page answers with (default 200). */
  status?: number;
}

export const PAGES: readonly SitePage[] = [
  { path: '/', title: 'Home' },
  { path: '/statistics', title: 'Statistics' },
  { path: '/statistics/matches', title: 'Matches' },
  { path: '/statistics/matches/1496', title: '[GB224] vs [IJ329] 5-0' },
  { path: '/statistics/matches/999999', title: 'No match', status: 404 },
  // A match of the demo manager's team: the match edits island is there (closed) for them.
  { path: '/statistics/matches/1445', title: '[SR218] vs [BD6] 3-2', role: 'manager' },
  { path: '/statistics/matches/report', title: 'Report match', role: 'manager', plain: true },
  { path: '/statistics/winrates', title: 'Win rates' },
  { path: '/statistics/ratings?teamA=%5BGG333%5D&teamB=%5BFD13%5D', title: 'Ratings' },
  { path: '/statistics/players', title: 'Players' },
  { path: '/statistics/players?query=baker', title: 'Players' },
  { path: '/statistics/players/76561191415921985', title: 'Baker157' },
  { path: '/statistics/compare?steamId=76561191415921985&steamId=76561193331456691', title: 'Compare players' },
  { path: '/teams', title: 'Teams', plain: true },
  { path: '/teams?view=cards&inactiveOnly=true', title: 'Inactive Teams', plain: true },
  { path: '/teams/%5BGG333%5D?vs=%5BFD13%5D', title: '[GG333] Grey Grenadiers 3' },
  { path: '/teams/%5BZZZ999%5D', title: 'Team not found', status: 404 },
  { path: '/teams/request', title: 'Request team registration', role: 'user', plain: true },
  { path: '/teams/request', title: 'Request team registration', role: 'admin', plain: true },
  { path: '/teams/add', title: 'Create team', role: 'admin', plain: true },
  { path: '/teams/%5BGG333%5D/edit', title: 'Edit [GG333]', role: 'admin', plain: true },
  { path: '/statistics/tournaments', title: 'Tournaments', plain: true },
  { path: '/statistics/tournaments/CUP3', title: 'Season 3 Cup', plain: true },
  { path: '/statistics/tournaments/add', title: 'Create tournament', role: 'admin', plain: true },
  { path: '/statistics/tournaments/CUP3/edit', title: 'Edit Season 3 Cup', role: 'admin', plain: true },
  { path: '/my-profile', title: 'My profile', role: 'admin' },
  { path: '/log-browser', title: 'Log browser', role: 'user' },
  { path: '/admin/webhooks', title: 'Discord webhooks', role: 'admin', plain: true },
  { path: '/privacy-policy', title: 'Privacy policy' },
  { path: '/api-docs', title: 'API' },
  { path: '/403', title: 'Not allowed', status: 403 },
  { path: '/no-such-page', title: 'Not found', status: 404 },
  { path: '/500', title: 'Error', status: 500 },
];

/** The full document title of a page. */
export const documentTitle = (page: SitePage): string => `${page.title} | Hell Let Loose Skill System`;

/** A file-name-safe name of a page, for screenshots. */
export const pageSlug = (page: SitePage): string =>
  `${page.role ? `${page.role}-` : ''}${page.path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'home'}`;
