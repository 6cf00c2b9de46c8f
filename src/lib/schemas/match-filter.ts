import { hasControlCharacters } from './control-characters.ts';
import { CALCULATION_STATUSES, MATCH_FILTER_KEYS, MATCH_RESULTS, MATCH_TYPES } from './match-constants.ts';

/**
 * The match list page's filter (spec section 2, "Match list"): one JSON `filter` parameter holding the lists of
 * MATCH_FILTER_KEYS. Shared links must keep working whatever they carry, so parsing never fails: bad JSON, unknown
 * keys and invalid values are dropped one by one instead of refusing the page.
 */

export type MatchFilterKey = (typeof MATCH_FILTER_KEYS)[number];
export type MatchListFilter = Partial<Record<MatchFilterKey, string[]>>;

/** Most values one list may carry (the API refuses more). */
export const MAX_FILTER_VALUES = 20;

/**
 * A list's value as the API's query schema takes it (match.ts: plain text of 1-64 characters once trimmed, or one
 * of the fixed values), or undefined. Plain checks, not the schema: the match filters island reads links with it.
 */
function cleanValue(key: MatchFilterKey, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (key === 'type') return (MATCH_TYPES as readonly string[]).includes(value) ? value : undefined;
  if (key === 'result') return (MATCH_RESULTS as readonly string[]).includes(value) ? value : undefined;
  if (key === 'status') return (CALCULATION_STATUSES as readonly string[]).includes(value) ? value : undefined;
  if (hasControlCharacters(value)) return undefined;
  const trimmed = value.trim();
  return trimmed.length >= 1 && trimmed.length <= 64 ? trimmed : undefined;
}

/** The valid, distinct values of one list (at most MAX_FILTER_VALUES), in their first order. */
function cleanList(key: MatchFilterKey, values: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    const clean = cleanValue(key, value);
    if (clean !== undefined && !out.includes(clean)) out.push(clean);
    if (out.length === MAX_FILTER_VALUES) break;
  }
  return out;
}

/** A filter with only valid values and without empty lists. */
export function cleanFilter(raw: Readonly<Record<string, unknown>>): MatchListFilter {
  const filter: MatchListFilter = {};
  for (const key of MATCH_FILTER_KEYS) {
    const value = raw[key];
    const list = cleanList(key, Array.isArray(value) ? value : value === undefined ? [] : [value]);
    if (list.length) filter[key] = list;
  }
  return filter;
}

/** The filter a `filter` parameter carries; anything unreadable is ignored ({} for bad JSON). */
export function parseFilterParam(raw: string | null | undefined): MatchListFilter {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? cleanFilter(value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The filter of the plain form fields (`team=...&map=...`, each repeatable) that the page's form submits. */
export function filterFromFields(params: URLSearchParams): MatchListFilter {
  return cleanFilter(Object.fromEntries(MATCH_FILTER_KEYS.map((key) => [key, params.getAll(key)])));
}

/** The canonical `filter` parameter value (keys in a fixed order), or undefined for an empty filter. */
export function filterParamValue(filter: MatchListFilter): string | undefined {
  const ordered: MatchListFilter = {};
  for (const key of MATCH_FILTER_KEYS) if (filter[key]?.length) ordered[key] = filter[key];
  return Object.keys(ordered).length ? JSON.stringify(ordered) : undefined;
}

/** The field that marks a submission of the plain filter form (its absence: no form was submitted). */
export const FILTER_FORM_MARKER = 'filtered';

/**
 * The canonical address of a plain form submission at `url` (the marker present): the fields become one `filter`
 * parameter, the page goes back to the first one, every other parameter is kept. Undefined when `url` is no form
 * submission, so the page renders as it is.
 */
export function canonicalFilterUrl(url: URL): string | undefined {
  if (!url.searchParams.has(FILTER_FORM_MARKER)) return undefined;
  return filterAddress(url, filterFromFields(url.searchParams));
}

/**
 * The address of the match list at `url` narrowed by `filter`: its canonical `filter` parameter (none for an empty
 * filter), back to the first page, the plain form's fields dropped and every other parameter kept. The one shape of
 * a filtered list's address, whether the plain form or the filters island asks for it.
 */
export function filterAddress(url: URL, filter: MatchListFilter): string {
  const params = new URLSearchParams(url.searchParams);
  const value = filterParamValue(filter);
  for (const key of [...MATCH_FILTER_KEYS, FILTER_FORM_MARKER, 'filter', 'page']) params.delete(key);
  if (value) params.set('filter', value);
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
}

/** Whether `value` is one of the filter's values of `key` (compared regardless of case, as the API does). */
export function isFilterValue(filter: MatchListFilter, key: MatchFilterKey, value: string): boolean {
  return (filter[key] ?? []).some((v) => v.toLowerCase() === value.toLowerCase());
}

/** Whether two filters narrow the list alike: the same values per list, in any order and any case. */
export function sameFilter(a: MatchListFilter, b: MatchListFilter): boolean {
  const norm = (f: MatchListFilter) =>
    JSON.stringify(MATCH_FILTER_KEYS.map((key) => [...new Set((f[key] ?? []).map((v) => v.toLowerCase()))].sort()));
  return norm(a) === norm(b);
}

/**
 * The message shown when the match list could not be read (spec: 'Could not fetch matches: {status}'); no status
 * (0: the request never got an answer) says the network failed instead of showing a 0.
 */
export function couldNotFetchMatches(status: number): string {
  return status > 0
    ? `Could not fetch matches: ${status}`
    : 'Could not fetch matches: the network failed. Check the connection and try again.';
}

/** How many values the filter holds in all (for 'Filters (3)'). */
export function filterSize(filter: MatchListFilter): number {
  return MATCH_FILTER_KEYS.reduce((sum, key) => sum + (filter[key]?.length ?? 0), 0);
}
