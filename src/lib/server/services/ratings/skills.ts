/**
 * Player skill per series and game type, and in-match percentiles (definitions in src/lib/domain/skill and the
 * docs/ratings.md).
 *
 * - Counted matches: competitive and event matches once posted; friendlies once accepted (status 'skipped').
 * - Per player and game type: matches, x_bar = playtime-weighted mean of [kpm, dpm, spm, cpm], s = weighted sd
 *   (null under two matches), skill_vector = z-scores of x_bar against the players of the same series and game
 *   type with at least 3 matches (deaths inverted so higher is better), weapon_stats and role_stats.
 *   Lines without playtime carry no rates and are left out.
 * - Because z-scores depend on the whole population, a refresh recomputes every player of the game type in bulk.
 * - Populations include every player (private ones too); hiding private players is the read side's job.
 * - The player page's percentiles among the skill population (public players with at least POPULATION_MIN_MATCHES
 *   matches) are counted here too, with the skills they rank, and again when a player's visibility changes
 *   (changePlayerVisibility): a view reads one stored row per game type instead of ranking the population.
 */
import type { StatVector } from '#lib/domain/skill/index.ts';
import { lineMatchPercentiles, PlayersByGameType, STAT_KEYS } from '#lib/domain/skill/index.ts';
import { POPULATION_MIN_MATCHES } from '#lib/domain/skill/population.ts';
import type { DB } from '#lib/server/db/index.ts';
import type { MatchType, Visibility } from '#lib/server/db/tables/matches.ts';
import { setPlayerVisibility } from '#lib/server/repositories/claims.ts';
import { lockSeries } from '#lib/server/repositories/ratings.ts';
import {
  percentileSourceRows,
  listPopulationsOf,
  skillSourceRows,
  replacePlayerPercentiles,
  replacePlayerSkills,
  writePercentiles,
  type PercentileSourceRow,
  type SkillWrite,
} from '#lib/server/repositories/player-skills.ts';

export const GAME_TYPES: readonly MatchType[] = ['competitive', 'event', 'friendly'];

/** Changed percentiles written together while the lines are read. */
const PERCENTILE_WRITES = 5000;

/**
 * Players aggregated, scored and made into rows between turns of the event loop: a large series held it in one
 * stretch long enough to be felt by every request (bench:skills). A slice of 2,500 players takes about as long as
 * adding up one chunk of 5,000 lines, and the lines are not sliced further: each pause waits a turn of a loaded event
 * loop (bench:load), so smaller slices shorten the longest stall a little and make a large season's refresh wait
 * much longer under load.
 */
const SCORING_SLICE = 2500;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs a sliced computation to its end, one slice per turn of the event loop. */
async function inTurns<T>(steps: Generator<void, T>): Promise<T> {
  let step = steps.next();
  while (!step.done) {
    await nextTurn();
    step = steps.next();
  }
  return step.value;
}

type PercentileWrite = Parameters<typeof writePercentiles>[1][number];

const vector = (v: StatVector): number[] => STAT_KEYS.map((k) => v[k]);

/** Role names of a stored `roles` column: [{role, at}] from the parsers, or plain strings. */
export function roleNames(roles: unknown): string[] {
  if (!Array.isArray(roles)) return [];
  const out: string[] = [];
  for (const r of roles) {
    if (typeof r === 'string') out.push(r);
    else if (r && typeof r === 'object' && typeof (r as { role?: unknown }).role === 'string')
      out.push((r as { role: string }).role);
  }
  return out;
}

/**
 * Recomputes the series' player_skills of `gameTypes` (all by default) from their counted matches, and the
 * population percentile counts of those game types (player_percentiles). Returns the skill rows written. The lines
 * are read `chunkSize` at a time (the repository's default when undefined) in the caller's transaction.
 */
export async function refreshPlayerSkills(
  db: DB,
  seriesId: number,
  gameTypes: readonly MatchType[] = GAME_TYPES,
  chunkSize?: number,
): Promise<number> {
  const players = new PlayersByGameType<string>();
  for await (const chunk of skillSourceRows(db, seriesId, gameTypes, chunkSize)) {
    for (const r of chunk) {
      if (!(r.playtime > 0)) continue;
      players.add(r.game_type, r.steam_id, {
        playtime: r.playtime,
        kpm: r.kpm,
        dpm: r.dpm,
        spm: r.spm,
        cpm: r.cpm,
        weapons: r.weapons ?? {},
        roles: roleNames(r.roles),
      });
    }
  }
  const writes: SkillWrite[] = [];
  let seen = 0;
  for (const [gameType, skills] of await inTurns(players.skillsInSlices(POPULATION_MIN_MATCHES, SCORING_SLICE))) {
    for (const [steamId, p] of skills) {
      if (++seen % SCORING_SLICE === 0) await nextTurn();
      if (!p.x_bar) continue;
      writes.push({
        steam_id: steamId,
        game_type: gameType as MatchType,
        matches: p.matches,
        x_bar: vector(p.x_bar),
        s: p.s ? vector(p.s) : null,
        skill_vector: p.skill ? vector(p.skill) : null,
        weapon_stats: p.weapon_stats,
        role_stats: p.role_stats,
      });
    }
  }
  await replacePlayerSkills(db, seriesId, gameTypes, writes);
  await replacePlayerPercentiles(db, seriesId, gameTypes, POPULATION_MIN_MATCHES);
  return writes.length;
}

/**
 * Sets a player's visibility (`from` is the one stored now) inside the caller's transaction and, when it changes,
 * recounts the percentiles of every series and game type whose skill population the player joins or leaves. Each
 * such series is locked first (in id order, as rating passes and refreshes lock it): a refresh running meanwhile
 * would otherwise rewrite the same rows, and one that started before this commits would count the old visibility.
 */
export async function changePlayerVisibility(db: DB, steamId: string, from: Visibility, to: Visibility): Promise<void> {
  if (from === to) return;
  const populations = await listPopulationsOf(db, steamId, POPULATION_MIN_MATCHES);
  const bySeries = new Map<number, MatchType[]>();
  for (const p of populations) bySeries.set(p.series_id, [...(bySeries.get(p.series_id) ?? []), p.game_type]);
  for (const seriesId of bySeries.keys()) await lockSeries(db, seriesId);
  await setPlayerVisibility(db, steamId, to);
  for (const [seriesId, types] of bySeries) await replacePlayerPercentiles(db, seriesId, types, POPULATION_MIN_MATCHES);
}

/**
 * Computes side_percentile and all_percentile of every player of the given matches (of every match of the series:
 * 'all'; of those that still lack them: 'missing') with lineMatchPercentiles: a player without a side is ranked among
 * the side-less players. Only lines whose stored percentiles differ are written (a recompute of an unchanged series
 * rewrites none of its wide player lines). Returns the lines computed. The lines are read `chunkSize` at a time (the
 * repository's default when undefined) in the caller's transaction.
 */
export async function refreshPercentiles(
  db: DB,
  seriesId: number,
  matchIds: readonly number[] | 'missing' | 'all',
  chunkSize?: number,
): Promise<number> {
  const changed: PercentileWrite[] = [];
  let computed = 0;
  // The lines of one match: a match's lines may straddle two chunks.
  let lines: PercentileSourceRow[] = [];
  const rankMatch = () => {
    const result = lineMatchPercentiles(lines);
    result.forEach((r, i) => {
      const line = lines[i]!;
      if (line.side_percentile === r.side_percentile && line.all_percentile === r.all_percentile) return;
      changed.push({
        match_id: line.match_id,
        steam_id: line.steam_id,
        side_percentile: r.side_percentile,
        all_percentile: r.all_percentile,
      });
    });
    computed += lines.length;
    lines = [];
  };
  for await (const chunk of percentileSourceRows(db, seriesId, matchIds, chunkSize)) {
    for (const line of chunk) {
      if (lines.length > 0 && lines[0]!.match_id !== line.match_id) rankMatch();
      lines.push(line);
    }
    // Written as they pile up: the cursor goes on reading what it saw when it opened.
    if (changed.length >= PERCENTILE_WRITES) await writePercentiles(db, changed.splice(0));
  }
  if (lines.length > 0) rankMatch();
  await writePercentiles(db, changed);
  return computed;
}
