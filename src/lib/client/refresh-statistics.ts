import { api } from '#lib/client/lazy-api.ts';
import { LOADING_STATISTICS, notify, whileLoading } from '#lib/client/stores/notifications.ts';
import { CHART_FAILED } from '#lib/charts/messages.ts';

/** What a refresh found: newer statistics (the page should reload), the same ones, or a failure (notified). */
export type RefreshOutcome = 'changed' | 'unchanged' | 'failed';

/**
 * Reads the series statistics again (GET /v3/series/{series}/statistics, 'Loading statistics' while it takes
 * longer than 0.25 s) and compares them with the `shown` ones the page was rendered from: counts and the last
 * update. A failure is shown as the chart failure message of spec section 8.
 */
export async function refreshStatistics(series: string, shown: StatisticsStamp | null): Promise<RefreshOutcome> {
  try {
    const fresh = await whileLoading(LOADING_STATISTICS, async () => (await api()).series.statistics(series));
    if (!shown || statisticsStamp(fresh) !== statisticsStamp(shown)) return 'changed';
    notify('info', 'The statistics are up to date.');
    return 'unchanged';
  } catch {
    notify('error', CHART_FAILED);
    return 'failed';
  }
}

/** The parts of the statistics that tell whether newer ones exist. */
export interface StatisticsStamp {
  matches: number;
  teams: number;
  players: number;
  last_update: string | null;
}

/** A short fingerprint of the statistics a page shows. */
export function statisticsStamp(statistics: StatisticsStamp): string {
  return [statistics.matches, statistics.teams, statistics.players, statistics.last_update ?? ''].join('|');
}
