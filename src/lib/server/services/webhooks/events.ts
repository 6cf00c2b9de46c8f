/**
 * Events for the series' Discord webhooks, written to the outbox inside the transaction of the change that causes
 * them (so a crash loses or doubles none): a match posted, a report disputed, a team reaching the ranking. Private
 * matches and imported history are never announced; a series without webhooks costs one query.
 */
import type { DB } from '#lib/server/db/index.ts';
import { getConfig } from '#lib/server/config.ts';
import { lockSeries } from '#lib/server/repositories/ratings.ts';
import { enqueueOutbox, webhookIdsOf } from '#lib/server/repositories/webhooks.ts';
import { seriesStandings } from '#lib/server/services/ratings/standings.ts';
import { matchDisputedMessage, matchPostedMessage, teamRankedMessage, type MatchFacts } from './messages.ts';

async function matchFacts(trx: DB, matchId: number): Promise<(MatchFacts & { seriesId: number }) | undefined> {
  const m = await trx
    .selectFrom('matches as m')
    .innerJoin('series as s', 's.id', 'm.series_id')
    .leftJoin('teams as w', 'w.id', 'm.winner_team_id')
    .leftJoin('teams as l', 'l.id', 'm.loser_team_id')
    .selectAll('m')
    .select(['s.tag as series_tag', 'w.name as winner_name', 'l.name as loser_name'])
    .where('m.id', '=', matchId)
    .executeTakeFirst();
  if (!m || m.visibility === 'private' || m.source === 'import') return undefined;
  const change = (mu: number | null, sigma: number | null, muAfter: number | null, sigmaAfter: number | null) =>
    mu === null || sigma === null || muAfter === null || sigmaAfter === null
      ? null
      : { before: { mu, sigma }, after: { mu: muAfter, sigma: sigmaAfter } };
  return {
    seriesId: m.series_id,
    id: m.id,
    series: m.series_tag,
    title: m.title,
    type: m.type,
    map: m.map,
    date: m.date,
    result: m.result,
    victorSide: m.victor_side,
    winner: { tag: m.winner_tag, name: m.winner_name },
    loser: { tag: m.loser_tag, name: m.loser_name },
    winnerRating: change(m.winner_mu_before, m.winner_sigma_before, m.winner_mu_after, m.winner_sigma_after),
    loserRating: change(m.loser_mu_before, m.loser_sigma_before, m.loser_mu_after, m.loser_sigma_after),
  };
}

/** Enqueues the announcement of a match that was just posted or disputed (inside that change's transaction). */
export async function enqueueMatchEvent(
  trx: DB,
  event: 'match.posted' | 'match.disputed',
  matchId: number,
  seriesId: number,
): Promise<void> {
  const webhooks = await webhookIdsOf(trx, seriesId);
  if (webhooks.length === 0) return;
  const facts = await matchFacts(trx, matchId);
  if (!facts) return;
  const { publicUrl } = getConfig();
  const message =
    event === 'match.posted' ? matchPostedMessage(facts, publicUrl) : matchDisputedMessage(facts, publicUrl);
  await enqueueOutbox(trx, webhooks, event, `${event}:${matchId}`, { ...message });
}

/**
 * Before a rating pass, inside its transaction: the series' ranked teams, or undefined when the series has no
 * webhooks (nothing to announce). Locks the series row first, as the pass does, so that the snapshot is the state
 * the pass starts from even when another instance rated the series a moment ago.
 */
export async function rankingBefore(trx: DB, seriesId: number): Promise<Set<number> | undefined> {
  if ((await webhookIdsOf(trx, seriesId)).length === 0) return undefined;
  await lockSeries(trx, seriesId);
  const standings = await seriesStandings(trx, seriesId);
  return new Set(standings.filter((s) => s.ranking === 'ranked').map((s) => s.team_id));
}

/**
 * After a rating pass, inside its transaction: enqueues every match it posted and every team that reached the
 * ranking (`before` from rankingBefore; undefined: the series has no webhooks).
 */
export async function enqueueRatingPass(
  trx: DB,
  pass: { series_id: number; posted_ids: readonly number[] },
  before: Set<number> | undefined,
): Promise<void> {
  if (!before) return;
  const webhooks = await webhookIdsOf(trx, pass.series_id);
  if (webhooks.length === 0) return;
  for (const id of [...pass.posted_ids].sort((a, b) => a - b))
    await enqueueMatchEvent(trx, 'match.posted', id, pass.series_id);
  const newcomers = (await seriesStandings(trx, pass.series_id)).filter(
    (s) => s.ranking === 'ranked' && !before.has(s.team_id),
  );
  if (newcomers.length === 0) return;
  const series = await trx
    .selectFrom('series')
    .select('tag')
    .where('id', '=', pass.series_id)
    .executeTakeFirstOrThrow();
  const teams = await trx
    .selectFrom('teams')
    .select(['id', 'tag', 'name'])
    .where(
      'id',
      'in',
      newcomers.map((n) => n.team_id),
    )
    .execute();
  const byId = new Map(teams.map((t) => [t.id, t]));
  const { publicUrl } = getConfig();
  for (const s of newcomers) {
    const team = byId.get(s.team_id);
    if (!team) continue;
    const message = teamRankedMessage(
      {
        series: series.tag,
        team: { tag: team.tag, name: team.name },
        rank: s.rank,
        score: s.score,
        wins: s.wins,
        losses: s.losses,
      },
      publicUrl,
      new Date(),
    );
    // Once per team and series: a team that drops out (a match deleted) and comes back is not announced again.
    await enqueueOutbox(trx, webhooks, 'team.ranked', `team.ranked:${pass.series_id}:${team.id}`, { ...message });
  }
}
