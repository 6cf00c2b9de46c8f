/**
 * The match list filters island's logic without a DOM: ticked boxes -> filter -> address and back, and the store
 * that writes the address, reads the list again with 'Loading matches' and words a failure.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import { filterFromChoices, filterOfAddress, listAddress, sameList } from '#lib/client/match-filters.ts';
import { createMatchFilters, type MatchFilters, type MatchListView } from '#lib/client/stores/match-filters.ts';
import { $notifications, clearNotifications } from '#lib/client/stores/notifications.ts';
import { sameFilter } from '#lib/schemas/match-filter.ts';

const PAGE = '/statistics/matches?series=S3&pageSize=25&page=2';
const box = (name: string, value: string, checked = true) => ({ name, value, checked });

describe('filters and addresses', () => {
  it('makes the filter of the ticked boxes only, leaving out other fields and invalid values', () => {
    const choices = [
      box('team', '[7DR]'),
      box('team', 'ALPHA', false),
      box('map', 'foy'),
      box('result', '9-9'),
      box('series', 'S3'),
      box('filtered', '1'),
      box('status', 'posted'),
    ];
    expect(filterFromChoices(choices)).toEqual({ team: ['[7DR]'], map: ['foy'], status: ['posted'] });
    expect(filterFromChoices([box('team', 'A', false)])).toEqual({});
  });

  it('writes the filter as the one JSON parameter, back to the first page, keeping the other parameters', () => {
    const address = listAddress(PAGE, { map: ['foy'], team: ['[7DR]'] });
    const url = new URL(address, 'http://s');
    expect(url.pathname).toBe('/statistics/matches');
    expect([...url.searchParams.keys()]).toEqual(['series', 'pageSize', 'filter']);
    expect(url.searchParams.get('filter')).toBe('{"team":["[7DR]"],"map":["foy"]}');
    expect(filterOfAddress(address)).toEqual({ team: ['[7DR]'], map: ['foy'] });
  });

  it('drops the parameter for no filter, and reads an address without one (or an unreadable one) as no filter', () => {
    const filtered = listAddress(PAGE, { type: ['event'] });
    expect(listAddress(filtered, {})).toBe('/statistics/matches?series=S3&pageSize=25');
    expect(filterOfAddress('/statistics/matches?series=S3')).toEqual({});
    expect(filterOfAddress('/statistics/matches?filter=%7Bnope')).toEqual({});
  });

  it('compares filters by their values in any order or case, and addresses without their hash', () => {
    expect(sameFilter({ team: ['B', 'a'] }, { team: ['A', 'b'] })).toBe(true);
    expect(sameFilter({ team: ['A'] }, { team: ['A'], map: ['foy'] })).toBe(false);
    expect(sameFilter({ team: [] }, {})).toBe(true);
    expect(sameList('/statistics/matches?series=S3#main', '/statistics/matches?series=S3')).toBe(true);
    expect(sameList('/statistics/matches?series=S3', '/statistics/matches?series=S3&page=1')).toBe(false);
  });
});

/** A view whose reads wait until the test answers them, recording what the store asked of the page. */
function fakeView() {
  const reads: { address: string; answer: (list: string) => void; fail: (status: number) => void }[] = [];
  const log: string[] = [];
  const view: MatchListView<string> = {
    read: (address) =>
      new Promise((resolve, reject) => {
        reads.push({
          address,
          answer: resolve,
          fail: (status) => reject(Object.assign(new Error(`status ${status}`), { status })),
        });
      }),
    show: (list) => (log.push(`show ${list}`), `Showing ${list}`),
    push: (address) => void log.push(`push ${address}`),
    replace: (address) => void log.push(`replace ${address}`),
    focus: () => void log.push('focus'),
    leave: (address) => void log.push(`leave ${address}`),
  };
  return { view, reads, log };
}

const messages = () => $notifications.get().map((n) => [n.kind, n.message]);

describe('the match filters store', () => {
  let filters: MatchFilters | undefined;
  afterEach(() => {
    if (filters) cleanStores(filters.$filter, filters.$address, filters.$announcement);
    clearNotifications();
    vi.useRealTimers();
  });

  it('writes a chosen filter to a new history entry and shows the list read at that address', async () => {
    const { view, reads, log } = fakeView();
    filters = createMatchFilters({ filter: {}, address: PAGE }, view);
    const done = filters.choose({ team: ['[7DR]'] });
    const address = '/statistics/matches?series=S3&pageSize=25&filter=%7B%22team%22%3A%5B%22%5B7DR%5D%22%5D%7D';
    expect(filters.$address.get()).toBe(address);
    expect(filters.$filter.get()).toEqual({ team: ['[7DR]'] });
    expect(reads.map((r) => r.address)).toEqual([address]);
    reads[0]!.answer('rows of 7DR');
    await done;
    expect(log).toEqual([`push ${address}`, 'show rows of 7DR']);
    expect(filters.$announcement.get()).toBe('Showing rows of 7DR');
  });

  it("shows 'Loading matches' only once a read takes over 0.25 s, and removes it when the read ends", async () => {
    vi.useFakeTimers();
    const { view, reads } = fakeView();
    filters = createMatchFilters({ filter: {}, address: PAGE }, view);
    const done = filters.choose({ map: ['foy'] });
    await vi.advanceTimersByTimeAsync(200);
    expect($notifications.get()).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(messages()).toEqual([['loading', 'Loading matches']]);
    reads[0]!.answer('rows');
    await done;
    expect($notifications.get()).toEqual([]);
  });

  it("words a failed read 'Could not fetch matches: {status}' and keeps the rows on screen", async () => {
    const { view, reads, log } = fakeView();
    filters = createMatchFilters({ filter: {}, address: PAGE }, view);
    const done = filters.choose({ result: ['5-0'] });
    reads[0]!.fail(500);
    await done;
    expect(messages()).toEqual([['error', 'Could not fetch matches: 500']]);
    expect(log.filter((line) => line.startsWith('show'))).toEqual([]);
  });

  it('says the network failed when a read gets no answer at all, never a status of 0', async () => {
    const { view, reads } = fakeView();
    filters = createMatchFilters({ filter: {}, address: PAGE }, view);
    const done = filters.choose({ result: ['5-0'] });
    // A fetch that never reached the server rejects with no status (ofetch's FetchError around a TypeError).
    reads[0]!.fail(undefined as unknown as number);
    await done;
    expect(messages()).toEqual([
      ['error', 'Could not fetch matches: the network failed. Check the connection and try again.'],
    ]);
  });

  it('goes back to the filter and address of the rows shown when a read fails', async () => {
    const { view, reads, log } = fakeView();
    filters = createMatchFilters({ filter: { team: ['A'] }, address: PAGE }, view);
    const done = filters.choose({ result: ['5-0'] });
    const tried = filters.$address.get();
    reads[0]!.fail(500);
    await done;
    // The rows on screen are still those of team A: the filter, the address and the history entry say so.
    expect(filters.$filter.get()).toEqual({ team: ['A'] });
    expect(filters.$address.get()).toBe(PAGE);
    expect(log).toEqual([`push ${tried}`, `replace ${PAGE}`]);
  });

  it('pages the list as a new history entry and moves the focus to it once shown', async () => {
    const { view, reads, log } = fakeView();
    filters = createMatchFilters({ filter: {}, address: PAGE }, view);
    const next = `${PAGE}&page=1`;
    const done = filters.page(next);
    reads[0]!.answer('page 2');
    await done;
    expect(log).toEqual([`push ${next}`, 'show page 2', 'focus']);
    expect(filters.$address.get()).toBe(next);
  });

  it('loads a 403 or 404 answer as a page instead, for the server to explain', async () => {
    for (const status of [403, 404]) {
      const { view, reads, log } = fakeView();
      filters = createMatchFilters({ filter: {}, address: PAGE }, view);
      const done = filters.choose({ type: ['event'] });
      reads[0]!.fail(status);
      await done;
      expect(log.at(-1)).toBe(`leave ${filters.$address.get()}`);
    }
    expect($notifications.get()).toEqual([]);
  });

  it('shows only the newest read when an older one answers late', async () => {
    const { view, reads, log } = fakeView();
    filters = createMatchFilters({ filter: {}, address: PAGE }, view);
    const first = filters.choose({ team: ['A'] });
    const second = filters.choose({ team: ['A', 'B'] });
    reads[1]!.answer('rows of A and B');
    reads[0]!.answer('rows of A');
    await Promise.all([first, second]);
    expect(log.filter((line) => line.startsWith('show'))).toEqual(['show rows of A and B']);
    reads.length = 0;
    // A failure of a read that was overtaken is not news either.
    const third = filters.choose({ team: ['C'] });
    const fourth = filters.choose({});
    reads[0]!.fail(500);
    reads[1]!.answer('all rows');
    await Promise.all([third, fourth]);
    expect($notifications.get()).toEqual([]);
  });

  it('restores the filter of an address the browser went back to, without a new history entry', async () => {
    const { view, reads, log } = fakeView();
    filters = createMatchFilters({ filter: {}, address: PAGE }, view);
    const back = '/statistics/matches?series=S3&filter=%7B%22map%22%3A%5B%22foy%22%5D%7D';
    const done = filters.restore(back);
    expect(filters.$filter.get()).toEqual({ map: ['foy'] });
    reads[0]!.answer('rows on foy');
    await done;
    expect(log).toEqual(['show rows on foy']);
    // Only the hash changed: nothing to read.
    await filters.restore(`${back}#main`);
    expect(reads).toHaveLength(1);
  });

  it('reads the same list again when the same filter is applied again (Apply after a failure)', async () => {
    const { view, reads, log } = fakeView();
    filters = createMatchFilters({ filter: { team: ['A'] }, address: PAGE }, view);
    const done = filters.choose({ team: ['a'] });
    expect(reads.map((r) => r.address)).toEqual([PAGE]);
    reads[0]!.answer('rows');
    await done;
    expect(log).toEqual(['show rows']);
  });
});
