import type { DB } from '#lib/server/db/index.ts';
import type { CapFlip, MatchRow, MatchUpdate } from '#lib/server/db/tables/matches.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import type { LayoutEntry } from '#lib/schemas/match-input.ts';
import { badRequest } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { jsonText } from '#lib/server/db/json-text.ts';
import { finalScoreContradiction } from '#lib/matches/final-score.ts';
import { updateMatchColumns } from '#lib/server/repositories/match-admin.ts';
import { loadMatchForChange, requireMatchTeam } from './match-access.ts';
import { audit } from './audit.ts';

/**
 * Applies one edit to a match for an admin or either team (manager or API key), audited with before and after:
 * 401 anonymous, 404 unknown series or match, 403 anyone else.
 */
async function editMatch(
  db: DB,
  actor: Actor,
  where: { series: string; matchId: string },
  action: string,
  change: (match: MatchRow, trx: DB) => Promise<{ values: MatchUpdate; before: unknown; after: unknown }>,
): Promise<void> {
  const match = await loadMatchForChange(db, actor, where.series, where.matchId);
  requireMatchTeam(actor, match);
  await db.transaction().execute(async (trx) => {
    const { values, before, after } = await change(match, trx);
    await updateMatchColumns(trx, match.id, values);
    await audit(trx, actor, action, { type: 'match', id: match.id }, before, after);
  });
}

type Where = { series: string; matchId: string };

// Kysely types a defaulted (Generated) jsonb column's update as the column type itself; JSON text is what we write.

/** Puts the match into the tournament with this tag, or takes it out (null); 400 for an unknown tournament. */
export function setMatchTournament(db: DB, actor: Actor, where: Where, tag: string | null): Promise<void> {
  return editMatch(db, actor, where, 'match.tournament', async (match, trx) => {
    let tournamentId: number | null = null;
    if (tag !== null) {
      const row = await trx
        .selectFrom('tournaments')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['tag']), '=', tag.toLowerCase()))
        .executeTakeFirst();
      if (!row) throw badRequest(messages.invalidField('tournament', messages.tournamentNotFound(tag)));
      tournamentId = row.id;
    }
    return {
      values: { tournament_id: tournamentId },
      before: { tournament_id: match.tournament_id },
      after: { tournament_id: tournamentId, tournament: tag },
    };
  });
}

/**
 * Replaces the match's cap flips (sorted by time); 400 `CapFlipsContradictResult` when the last one's score is not
 * the score the recorded result ends the match at (an empty list clears them).
 */
export function setMatchCapFlips(db: DB, actor: Actor, where: Where, capFlips: CapFlip[]): Promise<void> {
  const sorted = [...capFlips].sort((a, b) => a.at - b.at);
  return editMatch(db, actor, where, 'match.cap_flips', async (match) => {
    const contradiction = finalScoreContradiction(sorted, { result: match.result, victorSide: match.victor_side });
    if (contradiction)
      throw badRequest(messages.capFlipsContradictResult(contradiction.final, contradiction.expected.join(' or ')));
    return {
      values: { cap_flips: jsonText(sorted) },
      before: { cap_flips: match.cap_flips },
      after: { cap_flips: sorted },
    };
  });
}

/** Replaces the match's map layout (matches.map_layout). */
export function setMatchLayout(db: DB, actor: Actor, where: Where, layout: LayoutEntry[]): Promise<void> {
  return editMatch(db, actor, where, 'match.layout', async (match) => ({
    values: { map_layout: jsonText(layout) },
    before: { layout: match.map_layout },
    after: { layout },
  }));
}

/** Replaces the match's stream links. */
export function setMatchStreams(db: DB, actor: Actor, where: Where, streams: Record<string, string>): Promise<void> {
  return editMatch(db, actor, where, 'match.streams', async (match) => ({
    values: { streams: jsonText(streams) },
    before: { streams: match.streams },
    after: { streams },
  }));
}
