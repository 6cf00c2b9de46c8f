import type { Kysely } from 'kysely';
import type { Database } from '#lib/server/db/database.ts';
import type { LogFormat } from '#lib/domain/logs/index.ts';
import { samplePlayers, simulateMatch, writeLog } from '#lib/domain/logs/write/index.ts';
import type { SimulatedMatch } from '#lib/domain/logs/write/index.ts';
import { cliActor } from '#lib/server/auth/actor.ts';
import { hashSecret } from '#lib/server/auth/tokens.ts';
import { csrfTokenFor } from '#lib/server/auth/csrf-token.ts';
import { rotateApiKey } from '#lib/server/services/api-keys.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { createTeam } from '#lib/server/services/teams-write.ts';
import { HttpError } from '#lib/server/core/errors.ts';

export interface SimOptions {
  seed?: number;
  map?: string;
  alliedScore?: number;
  axisScore?: number;
  start?: string;
  minutes?: number;
  perSide?: number;
}

/** A small deterministic simulated match (fast enough for many tests). */
export function simulate(options: SimOptions = {}): SimulatedMatch {
  const seed = options.seed ?? 7;
  const perSide = options.perSide ?? 12;
  const players = samplePlayers(seed, perSide * 2);
  return simulateMatch({
    seed,
    start: new Date(options.start ?? '2026-03-01T18:00:00Z'),
    durationMinutes: options.minutes ?? 20,
    map: options.map ?? 'carentan',
    allies: players.slice(0, perSide),
    axis: players.slice(perSide),
    alliedScore: options.alliedScore ?? 3,
    axisScore: options.axisScore ?? 2,
    killsPerMinute: 4,
    chats: 5,
  });
}

/** A simulated match written as a log file. */
export function makeLog(format: LogFormat, options: SimOptions = {}): string {
  return writeLog(format, simulate(options).events);
}

/** Two complete matches in one file (the second starts after the first has ended). */
export function twoMatchLog(format: LogFormat): string {
  const first = simulate({ seed: 11, start: '2026-03-01T18:00:00Z' });
  const second = simulate({ seed: 12, start: '2026-03-01T19:30:00Z', map: 'foy', alliedScore: 1, axisScore: 4 });
  return writeLog(format, [...first.events, ...second.events]);
}

/** Creates the current series 'S1' and registered teams; returns their ids and API keys by tag. */
export async function seedTeams(
  db: Kysely<Database>,
  tags: string[],
): Promise<Record<string, { id: number; key: string }>> {
  if (!(await db.selectFrom('series').select('id').executeTakeFirst()))
    await createSeries(db, { tag: 'S1', name: 'Season 1', current: true });
  const out: Record<string, { id: number; key: string }> = {};
  for (const tag of tags) {
    const team = await createTeam(db, cliActor, { tag, name: `Team ${tag}`, seriesTag: 'S1' });
    out[tag] = { id: team.id, key: await rotateApiKey(db, cliActor, team.id) };
  }
  return out;
}

/** Inserts a tournament named 'The Cup' under `tag`, in no series; returns its id. */
export async function insertTournament(db: Kysely<Database>, tag: string): Promise<number> {
  const row = await db
    .insertInto('tournaments')
    .values({ tag, name: 'The Cup', icon: null, invite: null, series_id: null, starts_at: null, ends_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a user with the given roles, managed teams and a live session; returns the request headers of that browser. */
export async function seedUser(
  db: Kysely<Database>,
  discordId: string,
  roles: ('ADMIN' | 'USER' | 'TEAM_MANAGER')[],
  managedTeamIds: number[] = [],
): Promise<{ userId: number; headers: Record<string, string> }> {
  const user = await db
    .insertInto('users')
    .values({ discord_id: discordId, name: `user${discordId}`, avatar: null, last_login_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const role of roles) await db.insertInto('user_roles').values({ user_id: user.id, role }).execute();
  for (const teamId of managedTeamIds)
    await db.insertInto('team_managers').values({ user_id: user.id, team_id: teamId }).execute();
  const token = `session-${discordId}-token`;
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashSecret(token),
      user_id: user.id,
      expires_at: new Date(Date.now() + 86_400_000),
      user_agent: null,
    })
    .execute();
  // A signed-in browser repeats its session's CSRF token (from the CSRF cookie) in the X-CSRF-Token header.
  const csrf = csrfTokenFor(token);
  return { userId: user.id, headers: { cookie: `hss_session=${token}; csrf_token=${csrf}`, 'x-csrf-token': csrf } };
}

/**
 * A multipart report form like the site's and HLU's. The fixture logs are dated March 2026, long before a test runs,
 * so the form confirms the date (`backdated`) unless `fields` says otherwise (an empty value leaves the field out).
 */
export function reportForm(
  data: unknown,
  file: { text: string; name?: string; type?: string } | undefined,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  form.set('data', typeof data === 'string' ? data : JSON.stringify(data));
  for (const [name, value] of Object.entries({ backdated: 'true', ...fields })) if (value !== '') form.set(name, value);
  if (file) form.set('file', new Blob([file.text], { type: file.type ?? 'text/plain' }), file.name ?? 'export.csv');
  return form;
}

/** The HttpError a promise rejects with (fails the test when it resolves or rejects with anything else). */
export async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}
