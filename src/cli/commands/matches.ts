import type { Command } from '#cli/command.ts';
import { UsageError } from '#cli/command.ts';
import { cliActor } from '#lib/server/auth/actor.ts';
import { reparseAll, reparseMatch } from '#lib/server/services/ingestion/index.ts';
import { recomputeSeries } from '#lib/server/services/ratings/process.ts';
import type { DB } from '#lib/server/db/index.ts';

/** Re-rates the series whose rated matches were re-parsed: ratings, skills and statistics follow the new logs. */
async function recompute(db: DB, seriesIds: Set<number>, out: (line: string) => void): Promise<void> {
  for (const seriesId of seriesIds) {
    await recomputeSeries(db, seriesId);
    out(`Recomputed the ratings of series ${seriesId}`);
  }
}

/**
 * `hss matches reparse <matchId> | --all`: re-parses stored logs with the current parser, one transaction per
 * match, keeping the report-time overrides. Exit 1 when any match failed (the others are still re-parsed).
 */
export const matchesReparse: Command = {
  name: 'matches reparse',
  usage: '<matchId> | --all',
  summary: 'Re-parse stored match logs and rewrite their player statistics',
  positionals: [0, 1],
  options: { all: { type: 'boolean' } },
  async run(context) {
    const all = context.values['all'] === true;
    const id = context.positionals[0];
    if (all === (id !== undefined)) throw new UsageError('Give either a match id or --all');
    const db = await context.db();
    if (id !== undefined) {
      if (!/^\d+$/.test(id)) throw new UsageError(`Match id must be a positive integer, got '${id}'`);
      const result = await reparseMatch(db, cliActor, Number(id));
      context.out(`Match ${result.match_id}: ${result.players_before} -> ${result.players_after} player rows`);
      await recompute(db, new Set(result.rated_series_id === null ? [] : [result.rated_series_id]), context.out);
      return 0;
    }
    const rated = new Set<number>();
    const summary = await reparseAll(db, cliActor, (outcome) => {
      if (outcome.ok && outcome.result.rated_series_id !== null) rated.add(outcome.result.rated_series_id);
      context.out(
        outcome.ok
          ? `Match ${outcome.match_id}: ${outcome.result.players_before} -> ${outcome.result.players_after} player rows`
          : `Match ${outcome.match_id}: FAILED ${outcome.error}`,
      );
    });
    context.out(`Re-parsed ${summary.ok} match(es), ${summary.failed} failed`);
    await recompute(db, rated, context.out);
    return summary.failed > 0 ? 1 : 0;
  },
};
