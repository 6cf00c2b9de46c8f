import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, setApiClient, type ApiClient } from '#lib/client/api.ts';
import { $notifications, clearNotifications } from '#lib/client/stores/notifications.ts';
import { refreshStatistics } from '#lib/client/refresh-statistics.ts';
import type { SeriesStatistics } from '#lib/schemas/statistics.ts';

const shown = { matches: 10, teams: 4, players: 80, last_update: '2026-01-05T00:00:00.000Z' };
const statistics = (changes: Partial<SeriesStatistics> = {}): SeriesStatistics => ({
  ...shown,
  top_team: null,
  win_rates: { by_map: {}, by_side: { matches: 10, Allies: 6, Axis: 4 }, last_update: shown.last_update },
  ...changes,
});

function fakeClient(answer: () => Promise<SeriesStatistics>, asked: string[]): ApiClient {
  const client = createApiClient();
  return {
    ...client,
    series: {
      ...client.series,
      statistics: (series: string) => (asked.push(series), answer()),
    },
  };
}

describe('refreshing the win-rate statistics', () => {
  afterEach(() => {
    setApiClient(undefined);
    clearNotifications();
  });

  it('asks for the series statistics and says when nothing changed', async () => {
    const asked: string[] = [];
    setApiClient(fakeClient(async () => statistics(), asked));
    expect(await refreshStatistics('S1', shown)).toBe('unchanged');
    expect(asked).toEqual(['S1']);
    expect($notifications.get().map((n) => [n.kind, n.message])).toEqual([['info', 'The statistics are up to date.']]);
  });

  it('reports newer statistics (another match, or a later update) as changed, without a notice', async () => {
    setApiClient(fakeClient(async () => statistics({ matches: 11 }), []));
    expect(await refreshStatistics('S1', shown)).toBe('changed');
    setApiClient(fakeClient(async () => statistics({ last_update: '2026-01-06T00:00:00.000Z' }), []));
    expect(await refreshStatistics('S1', shown)).toBe('changed');
    expect($notifications.get()).toEqual([]);
  });

  it('shows the chart failure message when the statistics cannot be read', async () => {
    setApiClient(fakeClient(() => Promise.reject(new Error('HTTP request failed with status code: 500')), []));
    expect(await refreshStatistics('S1', shown)).toBe('failed');
    expect($notifications.get().map((n) => [n.kind, n.message])).toEqual([
      ['error', "The data couldn't be fetched. Try again later."],
    ]);
  });
});
