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
  /** Makes `address` the current one in place of the entry a failed read had pushed (history.replaceState). */
  replace(address: string): void;
  /** Moves the keyboard focus to the list shown (after paging). */
  focus(): void;
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
 * (address and history first, then the rows, with 'Loading matches' after 0.25 s); `page()` shows another page of
 * it and moves the focus to it; `restore()` follows the browser's back and forward. Only the newest read is shown;
 * a failed one shows 'Could not fetch matches: {status}' and keeps the rows on screen with the filter and address
 * they belong to (the form is ticked back to them), except a 403 or 404, which loads the address as a page.
 */
export function createMatchFilters<List>(
  initial: { filter: MatchListFilter; address: string },
  view: MatchListView<List>,
) {
  const $filter = atom<MatchListFilter>(initial.filter);
  const $address = atom(initial.address);
  const $announcement = atom('');
  let latest = 0;
  // The filter and address of the rows on screen: what a failed read goes back to.
  let shown = { filter: initial.filter, address: initial.address };

  /** Reads and shows the list at `address`; true when it is on screen. */
  async function load(address: string): Promise<boolean> {
    const ticket = ++latest;
    try {
      const list = await whileLoading(LOADING_MATCHES, () => view.read(address));
      if (ticket !== latest) return false;
      $announcement.set(view.show(list));
      shown = { filter: $filter.get(), address };
      return true;
    } catch (error) {
      if (ticket !== latest) return false;
      const status = statusOf(error);
      if (status === 403 || status === 404) {
        view.leave(address);
        return false;
      }
      notify('error', couldNotFetchMatches(status));
      // The rows on screen are still the last list shown: the filter, the form and the address say so again.
      if (address !== shown.address) view.replace(shown.address);
      $filter.set(shown.filter);
      $address.set(shown.address);
      return false;
    }
  }

  /** Narrows the list to `filter` as a new history entry; the same filter again reads the same list again. */
  async function choose(filter: MatchListFilter): Promise<void> {
    if (sameFilter(filter, $filter.get())) {
      await load($address.get());
      return;
    }
    const address = listAddress($address.get(), filter);
    $filter.set(filter);
    $address.set(address);
    view.push(address);
    await load(address);
  }

  /** Shows another page of the list (a pager's link) as a new history entry, then moves the focus to it. */
  async function page(address: string): Promise<void> {
    $address.set(address);
    view.push(address);
    if (await load(address)) view.focus();
  }

  /** Shows the list at `address`, where the browser went back or forward to (a mere hash change does nothing). */
  async function restore(address: string): Promise<void> {
    if (sameList(address, $address.get())) return;
    $filter.set(filterOfAddress(address));
    $address.set(address);
    await load(address);
  }

  return { $filter, $address, $announcement, choose, page, restore };
}

export type MatchFilters = ReturnType<typeof createMatchFilters>;
