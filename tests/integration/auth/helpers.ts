import type { Kysely } from 'kysely';
import type { Database } from '#lib/server/db/database.ts';
import type { CalculationStatus } from '#lib/server/db/tables/matches.ts';
import { hashSecret, randomToken } from '#lib/server/auth/tokens.ts';
import { csrfTokenFor } from '#lib/server/auth/csrf-token.ts';

type Db = Kysely<Database>;

/** Headers that make a request as a browser session: the session and CSRF cookies and the session's CSRF header. */
export interface Credentials {
  headers: Record<string, string>;
  userId: number;
  token: string;
}

/** Creates a user with a live session directly in the database (ADMIN granted, manager of `manages`). */
export async function sessionFor(
  db: Db,
  who: { discordId: string; name?: string; admin?: boolean; manages?: number[] },
): Promise<Credentials> {
  const user = await db
    .insertInto('users')
    .values({ discord_id: who.discordId, name: who.name ?? `User ${who.discordId}`, avatar: null, last_login_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (who.admin)
    await db.insertInto('user_roles').values({ user_id: user.id, role: 'ADMIN', source: 'grant' }).execute();
  for (const teamId of who.manages ?? []) {
    await db.insertInto('team_managers').values({ user_id: user.id, team_id: teamId, source: 'grant' }).execute();
  }
  const token = randomToken(32);
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashSecret(token),
      user_id: user.id,
      expires_at: new Date(Date.now() + 86_400_000),
      user_agent: null,
    })
    .execute();
  const csrf = csrfTokenFor(token);
  return {
    userId: user.id,
    token,
    headers: { cookie: `hss_session=${token}; csrf_token=${csrf}`, 'x-csrf-token': csrf },
  };
}

/** Inserts a live team and returns its id. */
export async function insertTeam(db: Db, tag: string, extra: { discord_role_id?: string } = {}): Promise<number> {
  const row = await db
    .insertInto('teams')
    .values({ tag, name: `Team ${tag}`, icon: null, invite: null, discord_role_id: extra.discord_role_id ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stores an API key for the team and returns the key. */
export async function apiKeyFor(db: Db, teamId: number): Promise<string> {
  const key = `hss_${randomToken(36)}`;
  await db
    .insertInto('team_api_keys')
    .values({
      team_id: teamId,
      key_hash: hashSecret(key),
      key_prefix: key.slice(0, 8),
      created_by_user_id: null,
      last_used_at: null,
    })
    .execute();
  return key;
}

/** Inserts a reported match between two teams (winner first) and returns its id. */
export async function insertMatch(
  db: Db,
  m: {
    seriesId: number;
    winner: { id: number; tag: string };
    loser: { id: number; tag: string };
    submittedBy: number | null;
    status: CalculationStatus;
  },
): Promise<number> {
  const row = await db
    .insertInto('matches')
    .values({
      series_id: m.seriesId,
      title: null,
      type: m.status === 'skipped' ? 'friendly' : 'competitive',
      tournament_id: null,
      map: 'carentan',
      date: new Date('2026-03-01T18:00:00Z'),
      result: '3-2',
      victor_side: 'Allies',
      winner_tag: m.winner.tag,
      loser_tag: m.loser.tag,
      winner_team_id: m.winner.id,
      loser_team_id: m.loser.id,
      calculation_status: m.status,
      submitted_by_tag: null,
      submitted_by_username: null,
      submitted_by_team_id: m.submittedBy,
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
  return row.id;
}

/** Inserts a player seen once. */
export async function insertPlayer(db: Db, steamId: string, name = `Player ${steamId.slice(-4)}`): Promise<void> {
  const now = new Date('2026-03-01T18:00:00Z');
  await db
    .insertInto('players')
    .values({ steam_id: steamId, name, primary_name: null, first_seen: now, last_seen: now, true_strength: null })
    .execute();
}

/** The Set-Cookie headers of a response by cookie name. */
export function setCookies(response: Response): Record<string, string> {
  return Object.fromEntries(response.headers.getSetCookie().map((line) => [line.split('=', 1)[0] ?? '', line]));
}

/** The value of a cookie in a Set-Cookie line. */
export function cookieValue(line: string | undefined): string | undefined {
  return line?.split(';', 1)[0]?.split('=').slice(1).join('=');
}

/** Records that the player played for the team in the match (a bare line of player_match_stats, empty details). */
export async function insertPlayedFor(db: Db, steamId: string, matchId: number, teamId: number): Promise<void> {
  await db
    .insertInto('player_match_stats')
    .values({ match_id: matchId, steam_id: steamId, team_id: teamId, side: 'Allies', name: `P ${steamId.slice(-4)}` })
    .execute();
  await db.insertInto('player_match_details').values({ match_id: matchId, steam_id: steamId }).execute();
}
