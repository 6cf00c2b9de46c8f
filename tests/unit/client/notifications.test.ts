import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allTasks, cleanStores, task } from 'nanostores';
import {
  $notifications,
  LOADING_DELAY_MS,
  LOADING_MATCHES,
  LOADING_STATISTICS,
  LOADING_TEAMS,
  clearNotifications,
  dismiss,
  notify,
  notifyNavigationError,
  whileLoading,
} from '#lib/client/stores/notifications.ts';

const shown = () => $notifications.get().map((n) => [n.kind, n.message, 'seconds' in n ? n.seconds : null]);

describe('$notifications', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    clearNotifications();
    cleanStores($notifications);
  });

  it('keeps the exact loading labels of the spec', () => {
    expect([LOADING_TEAMS, LOADING_MATCHES, LOADING_STATISTICS]).toEqual([
      'Loading teams',
      'Loading matches',
      'Loading statistics',
    ]);
  });

  it('shows each kind until it is dismissed', () => {
    const ids = (['error', 'info', 'warning', 'success'] as const).map((kind) => notify(kind, `a ${kind}`));
    expect(shown()).toEqual([
      ['error', 'a error', null],
      ['info', 'a info', null],
      ['warning', 'a warning', null],
      ['success', 'a success', null],
    ]);
    dismiss(ids[1]!);
    dismiss('no-such-id');
    expect(shown().map(([kind]) => kind)).toEqual(['error', 'warning', 'success']);
  });

  it('shows no loading notice for work that ends within 0.25 s', async () => {
    const work = whileLoading(LOADING_TEAMS, () => new Promise((resolve) => setTimeout(() => resolve('done'), 200)));
    await vi.advanceTimersByTimeAsync(200);
    expect(await work).toBe('done');
    await vi.advanceTimersByTimeAsync(1000);
    expect(shown()).toEqual([]);
  });

  it('shows a loading notice after 0.25 s, ticks every second and removes it when the work fails', async () => {
    let fail: (error: Error) => void = () => {};
    const work = whileLoading(LOADING_MATCHES, () => new Promise((_, reject) => (fail = reject)));
    const outcome = work.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(LOADING_DELAY_MS - 1);
    expect(shown()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown()).toEqual([['loading', 'Loading matches', 0]]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(shown()).toEqual([['loading', 'Loading matches', 2]]);
    fail(new Error('HTTP request failed with status code: 500'));
    expect(((await outcome) as Error).message).toBe('HTTP request failed with status code: 500');
    await vi.advanceTimersByTimeAsync(5000);
    expect(shown()).toEqual([]);
  });

  it('is tracked by allTasks when the work is a store task', async () => {
    void task(() => whileLoading(LOADING_STATISTICS, () => new Promise((resolve) => setTimeout(resolve, 1500))));
    await vi.advanceTimersByTimeAsync(1300);
    expect(shown()).toEqual([['loading', 'Loading statistics', 1]]);
    const settled = allTasks();
    await vi.advanceTimersByTimeAsync(200);
    await settled;
    expect(shown()).toEqual([]);
  });

  it("words an island's failed navigation", () => {
    notifyNavigationError(new Error('HTTP request failed with status code: 404'));
    expect(shown()).toEqual([['error', 'Navigation errored: HTTP request failed with status code: 404', null]]);
  });
});
