import { atom } from 'nanostores';
import { couldNotFetchMatches, sameFilter, type MatchListFilter } from '#lib/schemas/match-filter.ts';
import { filterOfAddress, listAddress, sameList } from '#lib/client/match-filters.ts';
import { LOADING_MATCHES, notify, whileLoading } from '#lib/client/stores/notifications.ts';

/** What the filters island needs of the page and the browser (the DOM one is #lib/client/match-list.ts). */
export interface MatchListView<List> {
  /** Reads the list of the page at `address`; a failure throws an error with the HTTP `status` (0: no answer). */
  read(address: string): Promise<List>;
  /** Puts a list that was read on screen and says in words what it shows now (for the polite status). */
  show(list: List): string;
  /** Makes `address` the current one as a new history entry (history.pushState). */
  push(address: string): void;
  /** Loads `address` as a whole page: the server's own page tells a visitor about a 403 or a 404. */
  leave(address: string): void;
}

const statusOf = (error: unknown): number => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
};

/**
 * The state of one match list's filters island: `$filter` in force, `$address` of the list on screen (or being
 * read) and `$announcement`, the words of the last change for screen readers. `choose()` narrows the list
 * (address and history first, then the rows, with 'Loading matches' after 0.25 s); `restore()` follows the
 * browser's back and forward. Only the newest read is shown; a failed one shows 'Could not fetch matches: {status}'
 * and keeps the rows on screen, except a 403 or 404, which loads the address as a page.
 */
export function createMatchFilters<List>(
  initial: { filter: MatchListFilter; address: string },
  view: MatchListView<List>,
) {
  const $filter = atom<MatchListFilter>(initial.filter);
  const $address = atom(initial.address);
  const $announcement = atom('');
  let latest = 0;

  async function load(address: string): Promise<void> {
    const ticket = ++latest;
    try {
      const list = await whileLoading(LOADING_MATCHES, () => view.read(address));
      if (ticket === latest) $announcement.set(view.show(list));
    } catch (error) {
      if (ticket !== latest) return;
      const status = statusOf(error);
      if (status === 403 || status === 404) view.leave(address);
      else notify('error', couldNotFetchMatches(status));
    }
  }

  /** Narrows the list to `filter` as a new history entry; the same filter again reads the same list again. */
  function choose(filter: MatchListFilter): Promise<void> {
    if (sameFilter(filter, $filter.get())) return load($address.get());
    const address = listAddress($address.get(), filter);
    $filter.set(filter);
    $address.set(address);
    view.push(address);
    return load(address);
  }

  /** Shows the list at `address`, where the browser went back or forward to (a mere hash change does nothing). */
  function restore(address: string): Promise<void> {
    if (sameList(address, $address.get())) return Promise.resolve();
    $filter.set(filterOfAddress(address));
    $address.set(address);
    return load(address);
  }

  return { $filter, $address, $announcement, choose, restore };
}

export type MatchFilters = ReturnType<typeof createMatchFilters>;
