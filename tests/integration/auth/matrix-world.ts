import type { Kysely } from 'kysely';
import type { Database } from '#lib/server/db/database.ts';
import type { Engine } from '#lib/server/db/connect.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { apiKeyFor, insertTeam, sessionFor } from './helpers.ts';

export const ACTORS = ['anonymous', 'user', 'managerA', 'managerC', 'admin', 'keyA', 'keyC'] as const;
export type ActorName = (typeof ACTORS)[number];

/**
 * A fresh, independent set of teams and callers for one cell of the matrix: team A is the team concerned,
 * B the other party of its matches (and their reporter), C an unrelated team.
 */
export interface World {
  n: number;
  seriesId: number;
  teams: Record<'A' | 'B' | 'C', { id: number; tag: string }>;
  userIds: Record<'user' | 'managerA' | 'managerC' | 'admin', number>;
  headers: Record<ActorName, Record<string, string>>;
}

let counter = 0;

export async function makeWorld(db: Kysely<Database>, seriesId: number, prefix: string): Promise<World> {
  const n = ++counter;
  const tag = (letter: string) => `${letter}${prefix}${n}`;
  const teams = {
    A: { id: await insertTeam(db, tag('A')), tag: tag('A') },
    B: { id: await insertTeam(db, tag('B')), tag: tag('B') },
    C: { id: await insertTeam(db, tag('C')), tag: tag('C') },
  };
  const id = (k: number) => `5${prefix === 'L' ? 1 : 2}${String(n).padStart(8, '0')}${k}0000000`;
  const user = await sessionFor(db, { discordId: id(1) });
  const managerA = await sessionFor(db, { discordId: id(2), manages: [teams.A.id] });
  const managerC = await sessionFor(db, { discordId: id(3), manages: [teams.C.id] });
  const admin = await sessionFor(db, { discordId: id(4), admin: true });
  const keyA = await apiKeyFor(db, teams.A.id);
  const keyC = await apiKeyFor(db, teams.C.id);
  return {
    n,
    seriesId,
    teams,
    userIds: { user: user.userId, managerA: managerA.userId, managerC: managerC.userId, admin: admin.userId },
    headers: {
      anonymous: {},
      user: user.headers,
      managerA: managerA.headers,
      managerC: managerC.headers,
      admin: admin.headers,
      keyA: { authorization: `Bearer ${keyA}` },
      keyC: { authorization: `Bearer ${keyC}` },
    },
  };
}

/** Expected statuses: `ok` for the listed actors, 401 for anonymous, 403 for everyone else. */
export function allow(ok: number, allowed: readonly ActorName[]): Record<ActorName, number> {
  return Object.fromEntries(ACTORS.map((a) => [a, a === 'anonymous' ? 401 : allowed.includes(a) ? ok : 403])) as Record<
    ActorName,
    number
  >;
}

/** A test server of `engine` whose database has the current series S1 the worlds are made in, and its id. */
export async function startMatrixServer(engine: Engine): Promise<{ server: TestServer; seriesId: number }> {
  const server = await startTestServer(engine);
  await createSeries(server.db, { tag: 'S1', name: 'Season 1', current: true });
  const series = await server.db.selectFrom('series').select('id').where('tag', '=', 'S1').executeTakeFirstOrThrow();
  return { server, seriesId: series.id };
}
