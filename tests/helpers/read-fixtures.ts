import type { Kysely } from 'kysely';
import type { Database } from '#lib/server/db/database.ts';
import { jsonText } from '#lib/server/db/json-text.ts';
import { hashSecret } from '#lib/server/auth/tokens.ts';

type Db = Kysely<Database>;

/** A jsonb value for insert (the column types of defaulted jsonb columns do not admit JSON text). */
export const jsonb = (value: unknown): never => jsonText(value) as never;

/** A 17-digit Steam id for player number `n`. */
export const steamId = (n: number): string => `7656119${String(n).padStart(10, '0')}`;

/** Inserts a user with `roles`, managing `teamIds`, with a live session; returns the session cookie header. */
export async function signedInUser(
  db: Db,
  name: string,
  options: { roles?: ('ADMIN' | 'USER')[]; teamIds?: number[] } = {},
) {
  const user = await db
    .insertInto('users')
    .values({ discord_id: `d-${name}-${Math.random().toString(36).slice(2)}`, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const role of options.roles ?? [])
    await db.insertInto('user_roles').values({ user_id: user.id, role }).execute();
  for (const teamId of options.teamIds ?? [])
    await db.insertInto('team_managers').values({ user_id: user.id, team_id: teamId }).execute();
  const token = `token-${name}-${Math.random().toString(36).slice(2)}`;
  await db
    .insertInto('sessions')
    .values({ token_hash: hashSecret(token), user_id: user.id, expires_at: new Date(Date.now() + 86_400_000) })
    .execute();
  return { userId: user.id, cookie: `hss_session=${token}` };
}

interface TeamSpec {
  tag: string;
  name: string;
  mu: number;
  sigma: number;
  matches: number;
  inactive?: boolean;
  icon?: string;
}
interface MatchSpec {
  winner: string;
  loser: string;
  result: '5-0' | '4-1' | '3-2';
  type: 'competitive' | 'event' | 'friendly';
  map: string;
  victor: 'Allies' | 'Axis' | null;
  day: number;
  status?: 'posted' | 'pending' | 'skipped';
  tournament?: string;
  private?: boolean;
  /** [player number, team tag, side] */
  players: [number, string, 'Allies' | 'Axis'][];
}

/**
 * The hand-made data set of the read API tests (series S1 with ranked_after_matches 3):
 * - teams BRAVO (score 25, 4 matches), ALPHA (24, 5, previously 'ALF'), CHARLIE (26 but 1 match: pending),
 *   DELTA inactive; an unregistered opponent 'UNREG'; team ECHO exists only in series S0.
 * - matches 1-3 public (1: ALPHA 5-0 BRAVO carentan Allies; 2: BRAVO 4-1 ALPHA foy Axis event CUP; 3: ALPHA 3-2
 *   UNREG carentan Axis friendly), match 4 private (ALPHA 5-0 BRAVO kursk Allies), one S0 match.
 * - players 1-4 public; 5 plays only in the private match; 7 has a private profile (claimed by `owner`).
 * - users: admin, ALPHA's manager, BRAVO's manager, the owner of player 7, a plain user.
 */
export async function buildReadFixture(db: Db) {
  const s0 = await db
    .insertInto('series')
    .values({ tag: 'S0', name: 'Season 0', is_current: false, ranked_after_matches: 3 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const s1 = await db
    .insertInto('series')
    .values({ tag: 'S1', name: 'Season 1', is_current: true, ranked_after_matches: 3 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const teamSpecs: TeamSpec[] = [
    { tag: 'ALPHA', name: 'Alpha Company', mu: 30, sigma: 2, matches: 5, icon: 'https://img.example/alpha.png' },
    { tag: 'BRAVO', name: 'Bravo Battalion', mu: 28, sigma: 1, matches: 4 },
    { tag: 'CHARLIE', name: 'Charlie Corps', mu: 35, sigma: 3, matches: 1 },
    { tag: 'DELTA', name: 'Delta Division', mu: 20, sigma: 5, matches: 6, inactive: true },
  ];
  const teams: Record<string, number> = {};
  for (const spec of teamSpecs) {
    const team = await db
      .insertInto('teams')
      .values({
        tag: spec.tag,
        name: spec.name,
        icon: spec.icon ?? null,
        invite: null,
        discord_role_id: null,
        inactive: spec.inactive ?? false,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    teams[spec.tag] = team.id;
    await db
      .insertInto('team_ratings')
      .values({
        series_id: s1.id,
        team_id: team.id,
        mu: spec.mu,
        sigma: spec.sigma,
        num_matches: spec.matches,
        wins: 1,
        losses: 0,
        last_updated: new Date('2026-01-05T00:00:00Z'),
        true_strength: 99,
      })
      .execute();
  }
  const echo = await db
    .insertInto('teams')
    .values({ tag: 'ECHO', name: 'Echo', icon: null, invite: null, discord_role_id: null, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  teams['ECHO'] = echo.id;
  await db
    .insertInto('team_ratings')
    .values({ series_id: s0.id, team_id: echo.id, mu: 25, sigma: 8, last_updated: null, true_strength: null })
    .execute();
  await db
    .insertInto('team_previous_tags')
    .values({ team_id: teams['ALPHA']!, tag: 'ALF', until: new Date('2025-12-01T00:00:00Z') })
    .execute();

  const cup = await db
    .insertInto('tournaments')
    .values({
      tag: 'CUP',
      name: 'Winter Cup',
      icon: null,
      invite: null,
      series_id: s1.id,
      starts_at: null,
      ends_at: null,
      event: true,
      extra: jsonb({ prize: 'gold' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('tournaments')
    .values({
      tag: 'OLD',
      name: 'Old Cup',
      icon: null,
      invite: null,
      series_id: null,
      starts_at: null,
      ends_at: null,
      active: false,
    })
    .execute();

  for (const n of [1, 2, 3, 4, 5, 7]) {
    await db
      .insertInto('players')
      .values({
        steam_id: steamId(n),
        name: `Player${n}`,
        primary_name: n === 2 ? 'PrimaryTwo' : null,
        visibility: n === 7 ? 'private' : 'public',
        first_seen: new Date('2026-01-01T00:00:00Z'),
        last_seen: new Date('2026-01-04T00:00:00Z'),
        true_strength: null,
      })
      .execute();
  }
  const seen = { first_seen: new Date('2026-01-01T00:00:00Z'), last_seen: new Date('2026-01-02T00:00:00Z') };
  await db
    .insertInto('player_aliases')
    .values([
      { steam_id: steamId(1), name: 'Alpha One', times_seen: 5, ...seen },
      { steam_id: steamId(1), name: 'A1_%', times_seen: 2, ...seen },
      { steam_id: steamId(7), name: 'Hidden Guy', times_seen: 1, ...seen },
    ])
    .execute();

  const matchSpecs: MatchSpec[] = [
    {
      winner: 'ALPHA',
      loser: 'BRAVO',
      result: '5-0',
      type: 'competitive',
      map: 'carentan',
      victor: 'Allies',
      day: 1,
      status: 'posted',
      players: [
        [1, 'ALPHA', 'Allies'],
        [2, 'ALPHA', 'Allies'],
        [7, 'ALPHA', 'Allies'],
        [3, 'BRAVO', 'Axis'],
        [4, 'BRAVO', 'Axis'],
      ],
    },
    {
      winner: 'BRAVO',
      loser: 'ALPHA',
      result: '4-1',
      type: 'event',
      map: 'foy',
      victor: 'Axis',
      day: 2,
      status: 'posted',
      tournament: 'CUP',
      players: [
        [1, 'ALPHA', 'Allies'],
        [3, 'BRAVO', 'Axis'],
      ],
    },
    {
      winner: 'ALPHA',
      loser: 'UNREG',
      result: '3-2',
      type: 'friendly',
      map: 'carentan',
      victor: 'Axis',
      day: 3,
      status: 'skipped',
      players: [[2, 'ALPHA', 'Axis']],
    },
    {
      winner: 'ALPHA',
      loser: 'BRAVO',
      result: '5-0',
      type: 'competitive',
      map: 'kursk',
      victor: 'Allies',
      day: 4,
      status: 'posted',
      private: true,
      players: [
        [5, 'ALPHA', 'Allies'],
        [3, 'BRAVO', 'Axis'],
      ],
    },
  ];
  const matchIds: number[] = [];
  for (const spec of matchSpecs) {
    const rated = spec.status === 'posted';
    const match = await db
      .insertInto('matches')
      .values({
        series_id: s1.id,
        title: `Match on day ${spec.day}`,
        type: spec.type,
        tournament_id: spec.tournament ? cup.id : null,
        map: spec.map,
        date: new Date(`2026-01-0${spec.day}T20:00:00Z`),
        duration: 90,
        result: spec.result,
        victor_side: spec.victor,
        winner_tag: spec.winner,
        loser_tag: spec.loser,
        winner_team_id: teams[spec.winner] ?? null,
        loser_team_id: teams[spec.loser] ?? null,
        calculation_status: spec.status ?? 'posted',
        visibility: spec.private ? 'private' : 'public',
        defensive_players: jsonb({ Allies: [steamId(7), steamId(1)], Axis: [] }),
        submitted_by_tag: spec.winner,
        submitted_by_username: 'reporter',
        cap_flips: jsonb([{ at: 60, side: 'Allies', new_score: '3-2' }]),
        streams: jsonb({ twitch: 'https://twitch.tv/x' }),
        gamemode: 'warfare',
        kill_statistics: jsonb({ Allies: { kills: 10, pak: 1 }, Axis: { kills: 8, pak: 0 } }),
        winner_mu_before: rated ? 25 : null,
        winner_sigma_before: rated ? 8 : null,
        loser_mu_before: rated ? 25 : null,
        loser_sigma_before: rated ? 8 : null,
        winner_mu_after: rated ? 27 : null,
        winner_sigma_after: rated ? 7 : null,
        loser_mu_after: rated ? 23 : null,
        loser_sigma_after: rated ? 7 : null,
        win_probability: rated ? 0.5 : null,
        rated_at: rated ? new Date() : null,
        submitted_by_team_id: null,
        submitted_by_user_id: null,
        url: null,
        log_upload_id: null,
        log_format: null,
        log_match_index: null,
        import_key: null,
        approved_by_user_id: null,
        approved_at: null,
        disputed_by_user_id: null,
        disputed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    matchIds.push(match.id);
    for (const [n, tag, side] of spec.players) {
      await db
        .insertInto('player_match_stats')
        .values({
          match_id: match.id,
          steam_id: steamId(n),
          team_id: teams[tag] ?? null,
          side,
          name: `Player${n}`,
          kills: 10 + n,
          deaths: 5,
          streamer: null,
          side_percentile: 0.5,
          all_percentile: 0.4,
        })
        .execute();
      await db
        .insertInto('player_match_details')
        .values({
          match_id: match.id,
          steam_id: steamId(n),
          weapons: jsonb({ M1_GARAND: 3 }),
          kill_events: jsonb([12, 40]),
        })
        .execute();
    }
    if (rated && !spec.private) {
      for (const [tag, mu] of [
        [spec.winner, 27],
        [spec.loser, 23],
      ] as const) {
        const teamId = teams[tag];
        if (teamId)
          await db
            .insertInto('rating_history')
            .values({
              series_id: s1.id,
              team_id: teamId,
              match_id: match.id,
              date: new Date(`2026-01-0${spec.day}T20:00:00Z`),
              mu,
              sigma: 7,
              num_matches: spec.day,
            })
            .execute();
      }
    }
  }
  const privateMatchId = matchIds[3]!;
  await db
    .insertInto('rating_history')
    .values({
      series_id: s1.id,
      team_id: teams['ALPHA']!,
      match_id: privateMatchId,
      date: new Date('2026-01-04T20:00:00Z'),
      mu: 31,
      sigma: 6,
      num_matches: 4,
    })
    .execute();
  const s0Match = await db
    .insertInto('matches')
    .values({
      series_id: s0.id,
      title: null,
      type: 'competitive',
      tournament_id: null,
      map: 'utahbeach',
      date: new Date('2025-06-01T00:00:00Z'),
      result: '5-0',
      victor_side: 'Allies',
      winner_tag: 'ECHO',
      loser_tag: 'UNREG',
      winner_team_id: echo.id,
      loser_team_id: null,
      calculation_status: 'posted',
      submitted_by_tag: null,
      submitted_by_username: null,
      submitted_by_team_id: null,
      submitted_by_user_id: null,
      gamemode: null,
      kill_statistics: null,
      url: null,
      log_upload_id: null,
      log_format: null,
      log_match_index: null,
      import_key: null,
      winner_mu_before: null,
      winner_sigma_before: null,
      loser_mu_before: null,
      loser_sigma_before: null,
      winner_mu_after: null,
      winner_sigma_after: null,
      loser_mu_after: null,
      loser_sigma_after: null,
      win_probability: null,
      rated_at: null,
      approved_by_user_id: null,
      approved_at: null,
      disputed_by_user_id: null,
      disputed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await db
    .insertInto('player_skills')
    .values({
      series_id: s1.id,
      steam_id: steamId(1),
      game_type: 'competitive',
      matches: 2,
      x_bar: jsonb([1, 0.5, 10, 20]),
      s: jsonb([0.1, 0.1, 1, 2]),
      skill_vector: jsonb([0.6, 0.4, 0.5, 0.7]),
      weapon_stats: jsonb({ M1_GARAND: { kills: 3 } }),
      role_stats: jsonb({ rifleman: 1 }),
    })
    .execute();

  const content = (text: string) => new TextEncoder().encode(text);
  for (const [path, text] of [
    ['2026/05/aaaa-export.csv', 'a,b\n1,2\n'],
    ['2026/05/bbbb-export.txt', 'hello log'],
    ['2026/06/cccc-export.json', '{}'],
  ] as const) {
    await db
      .insertInto('log_uploads')
      .values({
        sha256: hashSecret(path),
        path,
        filename: path.split('/').at(-1)!,
        format: 'hlu-csv',
        size_bytes: text.length,
        content: content(text),
        uploaded_by_user_id: null,
        uploaded_by_team_id: null,
      })
      .execute();
  }

  const admin = await signedInUser(db, 'admin', { roles: ['ADMIN'] });
  const alphaManager = await signedInUser(db, 'alpha-manager', { teamIds: [teams['ALPHA']!] });
  const charlieManager = await signedInUser(db, 'charlie-manager', { teamIds: [teams['CHARLIE']!] });
  const owner = await signedInUser(db, 'owner');
  const plain = await signedInUser(db, 'plain');
  await db
    .insertInto('profile_claims')
    .values({ steam_id: steamId(7), user_id: owner.userId, status: 'approved' })
    .execute();

  return {
    series: { s0: s0.id, s1: s1.id },
    teams,
    matches: { public: matchIds.slice(0, 3), private: privateMatchId, s0: s0Match.id },
    users: { admin, alphaManager, charlieManager, owner, plain },
  };
}
export type ReadFixture = Awaited<ReturnType<typeof buildReadFixture>>;
