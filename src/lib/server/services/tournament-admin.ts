import { dictionary } from '#lib/own.ts';
import type { DB } from '#lib/server/db/index.ts';
import { webUrl } from '#lib/schemas/web-url.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import type { TournamentRow, TournamentUpdate } from '#lib/server/db/tables/tournaments.ts';
import type { Tournament } from '#lib/schemas/tournament.ts';
import {
  TOURNAMENT_FIELDS,
  type CreateTournamentBody,
  type PatchTournamentBody,
} from '#lib/schemas/tournament-input.ts';
import { requireAdmin } from '#lib/server/auth/guards.ts';
import { conflict, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { jsonText } from '#lib/server/db/json-text.ts';
import { audit } from './audit.ts';

// Kysely types a defaulted (Generated) jsonb column's write as the column type itself; JSON text is what we write.

/** Splits a body into the named columns and the unknown fields that pass through into `extra`. */
function split(body: Record<string, unknown>): { named: Record<string, unknown>; extra: Record<string, unknown> } {
  const named = dictionary<unknown>();
  const extra = dictionary<unknown>();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (TOURNAMENT_FIELDS.includes(key)) named[key] = value;
    else extra[key] = value;
  }
  delete named['tag'];
  delete named['series'];
  return { named, extra };
}

function toColumns(named: Record<string, unknown>): TournamentUpdate {
  const columns: TournamentUpdate = { ...named } as TournamentUpdate;
  for (const key of ['starts_at', 'ends_at'] as const) {
    const value = named[key];
    if (typeof value === 'string') columns[key] = new Date(value);
  }
  return columns;
}

/** The tournament in the API's shape: named fields plus the pass-through ones. */
export async function toTournamentView(db: DB, row: TournamentRow): Promise<Tournament> {
  const series =
    row.series_id === null
      ? undefined
      : await db.selectFrom('series').select('tag').where('id', '=', row.series_id).executeTakeFirst();
  return {
    ...row.extra,
    tag: row.tag,
    name: row.name,
    icon: webUrl(row.icon),
    invite: webUrl(row.invite),
    description: row.description,
    event: row.event,
    active: row.active,
    series: series?.tag ?? null,
    starts_at: row.starts_at ? row.starts_at.toISOString() : null,
    ends_at: row.ends_at ? row.ends_at.toISOString() : null,
  };
}

async function findByTag(db: DB, tag: string): Promise<TournamentRow | undefined> {
  return db
    .selectFrom('tournaments')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['tag']), '=', tag.toLowerCase()))
    .executeTakeFirst();
}

/** Creates a tournament (admin) in the current series; 409 when the tag exists. */
export async function createTournament(db: DB, actor: Actor, body: CreateTournamentBody): Promise<Tournament> {
  requireAdmin(actor);
  const { named, extra } = split(body);
  const row = await db.transaction().execute(async (trx) => {
    if (await findByTag(trx, body.tag)) throw conflict(messages.tournamentTagTaken(body.tag));
    const current = await trx.selectFrom('series').select('id').where('is_current', '=', true).executeTakeFirst();
    const columns = toColumns(named);
    const created = await trx
      .insertInto('tournaments')
      .values({
        ...columns,
        tag: body.tag,
        name: body.name,
        icon: body.icon ?? null,
        invite: body.invite ?? null,
        series_id: current?.id ?? null,
        starts_at: columns.starts_at ?? null,
        ends_at: columns.ends_at ?? null,
        extra: jsonText(extra),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, actor, 'tournament.create', { type: 'tournament', id: created.id }, null, {
      tag: body.tag,
      ...named,
      extra,
    });
    return created;
  });
  return toTournamentView(db, row);
}

/** Changes the fields present of a tournament (admin); unknown fields merge into `extra`. 404 unknown tag. */
export async function patchTournament(
  db: DB,
  actor: Actor,
  tag: string,
  body: PatchTournamentBody,
): Promise<Tournament> {
  requireAdmin(actor);
  const { named, extra } = split(body);
  const row = await db.transaction().execute(async (trx) => {
    const existing = await findByTag(trx, tag);
    if (!existing) throw notFound(messages.tournamentNotFound(tag));
    const changes: TournamentUpdate = { ...toColumns(named) };
    if (Object.keys(extra).length) changes.extra = jsonText({ ...existing.extra, ...extra });
    if (Object.keys(changes).length === 0) return existing;
    const updated = await trx
      .updateTable('tournaments')
      .set(changes)
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const before = Object.fromEntries(Object.keys(named).map((key) => [key, existing[key as keyof TournamentRow]]));
    await audit(
      trx,
      actor,
      'tournament.update',
      { type: 'tournament', id: existing.id },
      { ...before, extra: existing.extra },
      { ...named, extra: Object.keys(extra).length ? extra : undefined },
    );
    return updated;
  });
  return toTournamentView(db, row);
}
