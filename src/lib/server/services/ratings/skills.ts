/**
 * Player skill per series and game type, and in-match percentiles (definitions in src/lib/domain/skill and the
 * README section 'Ratings and player skill').
 *
 * - Counted matches: competitive and event matches once posted; friendlies once accepted (status 'skipped').
 * - Per player and game type: matches, x_bar = playtime-weighted mean of [kpm, dpm, spm, cpm], s = weighted sd
 *   (null under two matches), skill_vector = z-scores of x_bar against the players of the same series and game
 *   type with at least 3 matches (deaths inverted so higher is better), weapon_stats and role_stats.
 *   Lines without playtime carry no rates and are left out.
 * - Because z-scores depend on the whole population, a refresh recomputes every player of the game type in bulk.
 * - Populations include every player (private ones too); hiding private players is the read side's job.
 */
import type { PlayerMatchRow, StatVector } from '#lib/domain/skill/index.ts';
import { computePlayerSkills, matchPercentiles, STAT_KEYS } from '#lib/domain/skill/index.ts';
import type { DB } from '#lib/server/db/index.ts';
import type { MatchType } from '#lib/server/db/tables/matches.ts';
import {
  listPercentileSourceRows,
  listSkillSourceRows,
  replacePlayerSkills,
  writePercentiles,
  type SkillWrite,
} from '#lib/server/repositories/player-skills.ts';

export const GAME_TYPES: readonly MatchType[] = ['competitive', 'event', 'friendly'];

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

/** Recomputes the series' player_skills of `gameTypes` (all by default) from their counted matches. Returns rows written. */
export async function refreshPlayerSkills(
  db: DB,
  seriesId: number,
  gameTypes: readonly MatchType[] = GAME_TYPES,
): Promise<number> {
  const source = await listSkillSourceRows(db, seriesId, gameTypes);
  const rows: (PlayerMatchRow & { player: string; gameType: MatchType })[] = [];
  for (const r of source) {
    if (!(r.playtime > 0)) continue;
    rows.push({
      player: r.steam_id,
      gameType: r.game_type,
      playtime: r.playtime,
      kpm: r.kpm,
      dpm: r.dpm,
      spm: r.spm,
      cpm: r.cpm,
      weapons: r.weapons ?? {},
      roles: roleNames(r.roles),
    });
  }
  const writes: SkillWrite[] = [];
  for (const [gameType, players] of computePlayerSkills(rows)) {
    for (const [steamId, p] of players) {
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
  return writes.length;
}

/**
 * Computes side_percentile and all_percentile of every player of the given matches (of every match of the series:
 * 'all'; of those that still lack them: 'missing') with matchPercentiles: a player without a side is ranked among
 * the side-less players. Only lines whose stored percentiles differ are written (a recompute of an unchanged series
 * rewrites none of its wide player lines). Returns the lines computed.
 */
export async function refreshPercentiles(
  db: DB,
  seriesId: number,
  matchIds: readonly number[] | 'missing' | 'all',
): Promise<number> {
  const source = await listPercentileSourceRows(db, seriesId, matchIds);
  const out: { match_id: number; steam_id: string; side_percentile: number; all_percentile: number }[] = [];
  let computed = 0;
  for (let start = 0; start < source.length;) {
    let end = start;
    while (end < source.length && source[end]!.match_id === source[start]!.match_id) end++;
    const lines = source.slice(start, end);
    const result = matchPercentiles(
      lines.map((l) => ({
        player: l.steam_id,
        side: l.side ?? 'none',
        kpm: l.kpm,
        dpm: l.dpm,
        spm: l.spm,
        cpm: l.cpm,
      })),
    );
    result.forEach((r, i) => {
      const line = lines[i]!;
      if (line.side_percentile === r.side_percentile && line.all_percentile === r.all_percentile) return;
      out.push({
        match_id: line.match_id,
        steam_id: line.steam_id,
        side_percentile: r.side_percentile,
        all_percentile: r.all_percentile,
      });
    });
    computed += lines.length;
    start = end;
  }
  await writePercentiles(db, out);
  return computed;
}
