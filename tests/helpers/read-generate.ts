import type { Kysely } from 'kysely';
import type { Database } from '#lib/server/db/database.ts';
import { mapIds } from '#lib/domain/catalogue/maps.ts';
import { jsonb, steamId } from './read-fixtures.ts';

export interface GenerateOptions {
  seriesTag: string;
  teams: number;
  matches: number;
  /** Players per match, drawn uniformly from [min, max]. */
  minPlayers: number;
  maxPlayers: number;
  seed?: number;
}

/** mulberry32: a small deterministic PRNG in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Inserts a generated, current series: `teams` rated teams with 50-player rosters, `matches` public matches
 * between random pairs (every 25th private, every 10th with a tournament), each with player stats, rating
 * history and player skills. Deterministic for a seed. Returns ids useful to drive requests.
 */
export async function generateReadData(db: Kysely<Database>, options: GenerateOptions) {
  const random = prng(options.seed ?? 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const series = await db
    .insertInto('series')
    .values({
      tag: options.seriesTag,
      name: `Generated ${options.seriesTag}`,
      is_current: false,
      ranked_after_matches: 5,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tournament = await db
    .insertInto('tournaments')
    .values({
      tag: `${options.seriesTag}-CUP`,
      name: 'Generated Cup',
      icon: null,
      invite: null,
      series_id: series.id,
      starts_at: null,
      ends_at: null,
      event: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const teams = await db
    .insertInto('teams')
    .values(
      Array.from({ length: options.teams }, (_, i) => ({
        tag: `${options.seriesTag}T${i}`,
        name: `Team ${i}`,
        icon: null,
        invite: null,
        discord_role_id: null,
        deleted_at: null,
      })),
    )
    .returning(['id', 'tag'])
    .execute();
  const ROSTER = 50;
  const base = (options.seed ?? 1) * 1_000_000;
  const players = Array.from({ length: options.teams * ROSTER }, (_, i) => steamId(base + i));
  const day = new Date('2026-01-01T00:00:00Z');
  // Every 97th player (by index in `players`) has a private profile.
  const playerRows = players.map((id, i) => ({
    steam_id: id,
    name: `Gen${id.slice(-6)}`,
    primary_name: null,
    visibility: i % 97 === 0 ? ('private' as const) : ('public' as const),
    first_seen: day,
    last_seen: day,
    true_strength: null,
  }));
  await inBatches(playerRows, 1000, (batch) => db.insertInto('players').values(batch).execute());
  const counts = new Map<number, number>();
  const maps = mapIds();
  const matchRows = Array.from({ length: options.matches }, (_, i) => {
    const a = Math.floor(random() * teams.length);
    const b = (a + 1 + Math.floor(random() * (teams.length - 1))) % teams.length;
    const [winner, loser] = [teams[a]!, teams[b]!];
    const type = pick(['competitive', 'competitive', 'event', 'friendly'] as const);
    return {
      series_id: series.id,
      title: null,
      type,
      tournament_id: i % 10 === 0 ? tournament.id : null,
      map: pick(maps),
      date: new Date(day.getTime() + i * 3_600_000),
      duration: 90,
      result: pick(['5-0', '4-1', '3-2']),
      victor_side: pick(['Allies', 'Axis'] as const),
      winner_tag: winner.tag,
      loser_tag: loser.tag,
      winner_team_id: winner.id,
      loser_team_id: loser.id,
      calculation_status: 'posted' as const,
      visibility: i % 25 === 24 ? ('private' as const) : ('public' as const),
      defensive_players: jsonb({ Allies: [], Axis: [] }),
      submitted_by_tag: winner.tag,
      submitted_by_username: 'gen',
      cap_flips: jsonb([{ at: 10, side: 'Allies', new_score: '3-2' }]),
      gamemode: 'warfare',
      kill_statistics: jsonb({ Allies: { kills: 100, pak: 3 }, Axis: { kills: 90, pak: 2 } }),
      submitted_by_team_id: null,
      submitted_by_user_id: null,
      url: null,
      log_upload_id: null,
      log_format: null,
      log_match_index: null,
      import_key: null,
      winner_mu_before: 25,
      winner_sigma_before: 8,
      loser_mu_before: 25,
      loser_sigma_before: 8,
      winner_mu_after: 26,
      winner_sigma_after: 7.5,
      loser_mu_after: 24,
      loser_sigma_after: 7.5,
      win_probability: 0.5,
      rated_at: day,
      approved_by_user_id: null,
      approved_at: null,
      disputed_by_user_id: null,
      disputed_at: null,
    };
  });
  const matchIds: number[] = [];
  await inBatches(matchRows, 500, async (batch) => {
    const inserted = await db.insertInto('matches').values(batch).returning('id').execute();
    matchIds.push(...inserted.map((r) => r.id));
  });
  const stats = [];
  const details = [];
  const history = [];
  for (const [i, row] of matchRows.entries()) {
    const n = options.minPlayers + Math.floor(random() * (options.maxPlayers - options.minPlayers + 1));
    for (const [k, teamId] of [row.winner_team_id, row.loser_team_id].entries()) {
      const t = teams.findIndex((x) => x.id === teamId);
      counts.set(teamId, (counts.get(teamId) ?? 0) + 1);
      history.push({
        series_id: series.id,
        team_id: teamId,
        match_id: matchIds[i]!,
        date: row.date,
        mu: 25 + random() * 5,
        sigma: 7,
        num_matches: counts.get(teamId)!,
      });
      for (let p = 0; p < Math.ceil(n / 2) && p < ROSTER; p++) {
        stats.push({
          match_id: matchIds[i]!,
          steam_id: players[t * ROSTER + p]!,
          team_id: teamId,
          side: k === 0 ? ('Allies' as const) : ('Axis' as const),
          name: `Gen${p}`,
          kills: Math.floor(random() * 40),
          deaths: Math.floor(random() * 30),
          kpm: random(),
          dpm: random(),
          combat_points: Math.floor(random() * 500),
          streamer: null,
          side_percentile: random(),
          all_percentile: random(),
        });
        details.push({
          match_id: matchIds[i]!,
          steam_id: players[t * ROSTER + p]!,
          weapons: jsonb({ M1_GARAND: 5, MP40: 2 }),
          kill_events: jsonb([60, 120, 180]),
        });
      }
    }
  }
  await inBatches(stats, 2000, (batch) => db.insertInto('player_match_stats').values(batch).execute());
  await inBatches(details, 2000, (batch) => db.insertInto('player_match_details').values(batch).execute());
  await inBatches(history, 2000, (batch) => db.insertInto('rating_history').values(batch).execute());
  await db
    .insertInto('team_ratings')
    .values(
      teams.map((team) => {
        const num = counts.get(team.id) ?? 0;
        return {
          series_id: series.id,
          team_id: team.id,
          mu: 20 + random() * 15,
          sigma: 1 + random() * 6,
          num_matches: num,
          wins: Math.floor(num / 2),
          losses: Math.ceil(num / 2),
          last_updated: day,
          true_strength: null,
        };
      }),
    )
    .execute();
  const skills = players.slice(0, 500).map((id) => ({
    series_id: series.id,
    steam_id: id,
    game_type: 'competitive' as const,
    matches: 10,
    x_bar: jsonb([1, 0.8, 20, 30]),
    s: jsonb([0.2, 0.2, 4, 5]),
    skill_vector: jsonb([0.5, 0.5, 0.5, 0.5]),
    weapon_stats: jsonb({ M1_GARAND: { kills: 40 } }),
    role_stats: jsonb({ rifleman: 10 }),
  }));
  await inBatches(skills, 1000, (batch) => db.insertInto('player_skills').values(batch).execute());
  return { seriesId: series.id, teamTags: teams.map((t) => t.tag), matchIds, playerIds: players };
}
