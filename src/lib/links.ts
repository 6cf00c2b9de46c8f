/**
 * Every link between the site's pages, built in one place. `paths` names each page's address; `href` turns
 * one into the link to print on the current page, carrying the visitor's query string along (spec section 2,
 * "Links carry the current query string along unless external") minus the parameters that belong to the page
 * the visitor is on (paging, filters, sorting, searches: carried to another page they would mean something
 * else there) and `login_error` (a sign-in failure shown once must not follow the visitor around).
 */

const enc = encodeURIComponent;

/** Why /admin/webhooks' plain form (no JavaScript) was refused, as the page's `error` parameter. */
export type WebhookFormError = 'invalid' | 'exists';

export const paths = {
  home: () => '/',
  statistics: () => '/statistics',
  /** The player search; `error` is why a player address sent the visitor here (spec section 2). */
  players: (query?: string, error?: 'private' | 'not-found') =>
    `/statistics/players${error ? `?error=${error}&query=${enc(query ?? '')}` : query ? `?query=${enc(query)}` : ''}`,
  player: (steamId: string) => `/statistics/players/${enc(steamId)}`,
  compare: (steamIds: readonly string[] = []) =>
    `/statistics/compare${steamIds.length ? `?${steamIds.map((id) => `steamId=${enc(id)}`).join('&')}` : ''}`,
  matches: () => '/statistics/matches',
  match: (matchId: number | string) => `/statistics/matches/${enc(String(matchId))}`,
  reportMatch: () => '/statistics/matches/report',
  winrates: () => '/statistics/winrates',
  ratings: () => '/statistics/ratings',
  tournaments: () => '/statistics/tournaments',
  tournament: (tag: string) => `/statistics/tournaments/${enc(tag)}`,
  addTournament: () => '/statistics/tournaments/add',
  editTournament: (tag: string) => `/statistics/tournaments/${enc(tag)}/edit`,
  teams: () => '/teams',
  requestTeam: () => '/teams/request',
  addTeam: () => '/teams/add',
  team: (tag: string) => `/teams/${enc(tag)}`,
  editTeam: (tag: string) => `/teams/${enc(tag)}/edit`,
  myProfile: () => '/my-profile',
  privacy: () => '/privacy-policy',
  logBrowser: () => '/log-browser',
  apiDocs: () => '/api-docs',
  /** The Discord webhooks of a series (admins); `error` is why a plain form post was refused. */
  adminWebhooks: (series: string, error?: WebhookFormError) =>
    `/admin/webhooks?series=${enc(series)}${error ? `&error=${error}` : ''}`,
  /** Sign in (Discord, or the demo chooser on a local server) and come back to `returnTo`. */
  signIn: (returnTo: string) => `/v2/auth/discord/login?redirect_uri=${enc(returnTo)}`,
  /** Sign in through Steam to prove the signed-in user's Steam id (a claim then takes effect), back to `returnTo`. */
  proveSteam: (returnTo: string) => `/v2/auth/steam/login?redirect_uri=${enc(returnTo)}`,
} as const;

export type PageName = keyof typeof paths;

/**
 * Query parameters that belong to the page they appear on and are not carried to other pages. A page that
 * reads a new parameter of its own adds it here.
 */
export const PAGE_OWNED_PARAMS: ReadonlySet<string> = new Set([
  'page',
  'pageSize',
  'filter',
  'sort',
  'dir',
  'q',
  'query',
  'view',
  'inactiveOnly',
  'tab',
  'error',
  'login_error',
  'interval',
  'steamId',
  'vs',
  'teamA',
  'teamB',
  'path',
  'playersPage',
  'privatePage',
  'redirect_uri',
  'player',
]);

interface PageQuery {
  /** The query serialised as URLSearchParams does. */
  all: string;
  /** Its parameter names. */
  keys: Set<string>;
  /** Without the page-owned parameters: what links to other pages carry. */
  carried: string;
}

const QUERIES_KEPT = 64;
const queries = new Map<string, PageQuery>();

/** The page's query in the forms links need, made once per query string (a page builds hundreds of links). */
function queryOf(current: URL | URLSearchParams): PageQuery {
  const key = current instanceof URL ? current.search : current.toString();
  let query = queries.get(key);
  if (query) return query;
  const params = current instanceof URL ? current.searchParams : current;
  const carried = new URLSearchParams();
  for (const [name, value] of params) if (!PAGE_OWNED_PARAMS.has(name)) carried.append(name, value);
  query = { all: params.toString(), keys: new Set(params.keys()), carried: carried.toString() };
  if (queries.size >= QUERIES_KEPT) queries.delete(queries.keys().next().value as string);
  queries.set(key, query);
  return query;
}

/** True for an absolute URL ('https:', 'mailto:') or a protocol-relative one ('//host'). */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/**
 * The link to `path` from the page at `current`: the current query string minus page-owned parameters, then
 * the parameters `path` itself sets (they win). External URLs are returned unchanged.
 */
export function href(path: string, current: URL | URLSearchParams): string {
  if (isExternal(path)) return path;
  const carried = current instanceof URL ? current.searchParams : current;
  const [base = '', hash] = path.split('#', 2);
  const [pathname = '', query = ''] = base.split('?', 2);
  if (query === '') {
    // The common case (a page links to many paths that set nothing): the carried part is the page's, made once.
    const search = queryOf(current).carried;
    return `${pathname}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`;
  }
  const own = new URLSearchParams(query);
  const params = new URLSearchParams();
  for (const [key, value] of carried) if (!PAGE_OWNED_PARAMS.has(key) && !own.has(key)) params.append(key, value);
  for (const [key, value] of own) params.append(key, value);
  const search = params.toString();
  return `${pathname}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`;
}

/**
 * The current page's own address with `changes` applied (undefined removes a parameter), every other parameter
 * kept: for pagers, sort links, tabs and view toggles that stay on the page.
 */
export function withParams(current: URL, changes: Record<string, string | number | undefined>): string {
  const query = queryOf(current);
  const keys = Object.keys(changes);
  if (!keys.some((key) => query.keys.has(key))) {
    // Only new parameters (a list's links to one player each): they go after the page's, as set() would put them.
    const added = new URLSearchParams();
    for (const key of keys) if (changes[key] !== undefined) added.append(key, String(changes[key]));
    const search = [query.all, added.toString()].filter(Boolean).join('&');
    return `${current.pathname}${search ? `?${search}` : ''}`;
  }
  const params = new URLSearchParams(current.searchParams);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) params.delete(key);
    else params.set(key, String(value));
  }
  const search = params.toString();
  return `${current.pathname}${search ? `?${search}` : ''}`;
}

/** True when `target` is a same-origin path that is safe to redirect to (no scheme, no protocol-relative '//'). */
export function isSameOriginPath(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
}
