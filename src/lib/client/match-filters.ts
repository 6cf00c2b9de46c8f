/**
 * The match list filters island's logic between its checkboxes and the address: which filter the ticked boxes
 * make, which filter an address carries, and the address of a filtered list (the same canonical `?filter=` shape
 * the plain form is redirected to, #lib/schemas/match-filter.ts).
 */
import { MATCH_FILTER_KEYS } from '#lib/schemas/match-constants.ts';
import {
  cleanFilter,
  filterAddress,
  parseFilterParam,
  type MatchFilterKey,
  type MatchListFilter,
} from '#lib/schemas/match-filter.ts';

/** A checkbox of the filter form, as far as the filter is concerned. */
export interface FilterChoice {
  name: string;
  value: string;
  checked: boolean;
}

// Any origin will do: only the path and query of an address are read and written.
const BASE = 'http://site.invalid';
const isKey = (name: string): name is MatchFilterKey => (MATCH_FILTER_KEYS as readonly string[]).includes(name);

/** The filter the ticked choices make (other fields ignored, invalid values dropped as the server does). */
export function filterFromChoices(choices: Iterable<FilterChoice>): MatchListFilter {
  const lists: Partial<Record<MatchFilterKey, string[]>> = {};
  for (const { name, value, checked } of choices) if (checked && isKey(name)) (lists[name] ??= []).push(value);
  return cleanFilter(lists);
}

/** The filter an address (path and query) carries in its `filter` parameter; an unreadable one is no filter. */
export function filterOfAddress(address: string): MatchListFilter {
  return parseFilterParam(new URL(address, BASE).searchParams.get('filter'));
}

/** The address (path and query) of the list at `address` narrowed by `filter`, back on its first page. */
export function listAddress(address: string, filter: MatchListFilter): string {
  return filterAddress(new URL(address, BASE), filter);
}

/** Whether two addresses show the same list: the same path and the same parameters (a hash change is not a move). */
export function sameList(a: string, b: string): boolean {
  const key = (address: string) => {
    const url = new URL(address, BASE);
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  return key(a) === key(b);
}
