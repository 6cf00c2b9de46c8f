import type { DB } from '#lib/server/db/index.ts';
import { webUrl } from '#lib/schemas/web-url.ts';
import type { Tournament } from '#lib/schemas/tournament.ts';
import { notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import {
  findTournamentRow,
  listTournamentRows,
  type TournamentReadRow,
} from '#lib/server/repositories/read/tournaments.ts';
import { isoOrNull } from './values.ts';

/** The API view of a tournament: named fields win over pass-through `extra` fields of the same name. */
export function toTournament(row: TournamentReadRow): Tournament {
  const extra = row.extra && typeof row.extra === 'object' && !Array.isArray(row.extra) ? row.extra : {};
  return {
    ...extra,
    tag: row.tag,
    name: row.name,
    icon: webUrl(row.icon),
    invite: webUrl(row.invite),
    description: row.description ?? '',
    event: row.event,
    active: row.active,
    series: row.series_tag,
    starts_at: isoOrNull(row.starts_at),
    ends_at: isoOrNull(row.ends_at),
  };
}

/** GET /v2/tournaments: newest first; only active ones with `activeOnly`. */
export async function listTournamentsView(db: DB, activeOnly: boolean): Promise<Tournament[]> {
  return (await listTournamentRows(db, activeOnly)).map(toTournament);
}

/** GET /v2/tournaments/{tag}: 404 when unknown. */
export async function getTournament(db: DB, tag: string): Promise<Tournament> {
  const row = await findTournamentRow(db, tag);
  if (!row) throw notFound(messages.tournamentNotFound(tag));
  return toTournament(row);
}
