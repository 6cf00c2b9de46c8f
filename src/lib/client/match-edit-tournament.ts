import type { ApiClient as Client } from '#lib/client/api.ts';
import { api } from '#lib/client/lazy-api.ts';
import { createEditor, type MatchRef } from '#lib/client/match-edits.ts';

/* The tournament editor of a match (its own module: only the tournament form loads it). */

/** The tournament editor: a tag, or '' for none. */
export function tournamentEditor(ref: MatchRef, current: string | null, client?: Client) {
  return createEditor<string, { tournament: string }, string | null>({
    initial: current ?? '',
    check: (tag) => ({ ok: true, data: tag === '' ? null : tag }),
    send: async (tag) => (await api(client)).matches.setTournament(ref.series, ref.matchId, tag),
    placeError: (message) => (/'tournament'/.test(message) ? { tournament: message } : undefined),
  });
}
