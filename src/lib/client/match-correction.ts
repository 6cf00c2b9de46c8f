import type { ApiClient as Client } from '#lib/client/api.ts';
import { api } from '#lib/client/lazy-api.ts';
import { $correctedResult, createEditor, type Check, type MatchRef } from '#lib/client/match-edits.ts';
import { MATCH_RESULTS } from '#lib/schemas/match-constants.ts';
type Side = 'Allies' | 'Axis';

/*
 * The correction of a match's report (PATCH .../matches/{id} {date, winner, result, victor_side}) and its deletion
 * (DELETE), for an admin at any time and the managers of either team while the match is not approved; the server
 * checks again. Its own module: only the correction and deletion forms load it.
 */

/** The correction form as typed: the date in UTC as a datetime-local value ('2026-03-01T18:00'). */
export interface CorrectionValues {
  date: string;
  winner: string;
  result: string;
  victorSide: string;
}
export type CorrectionErrors = Partial<Record<keyof CorrectionValues, string>>;
export interface CorrectionData {
  date: string;
  winner: string;
  result: string;
  victor_side: Side;
}

/** The match as recorded, for the form to start from. */
export interface RecordedMatch {
  date: string;
  /** Winner first. */
  teams: readonly [string, string];
  result: string;
  victorSide: Side | null;
}

/** An ISO timestamp as the form's UTC datetime-local value (minutes). */
export function utcInputValue(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16);
}

/** The form's values for the recorded match. */
export function correctionValues(match: RecordedMatch): CorrectionValues {
  return {
    date: utcInputValue(match.date),
    winner: match.teams[0],
    result: match.result,
    victorSide: match.victorSide ?? '',
  };
}

/** Checks what was typed: a date in UTC, one of the two teams, a 5-0, 4-1 or 3-2 result and the winner's side. */
export function checkCorrection(
  values: CorrectionValues,
  teams: readonly string[],
  now = new Date(),
): Check<CorrectionData, CorrectionErrors> {
  const errors: CorrectionErrors = {};
  const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(values.date) ? new Date(`${values.date}:00Z`) : undefined;
  if (!date || Number.isNaN(date.getTime())) errors.date = 'Give the date and time the match was played (UTC)';
  // The server allows ten minutes of clock skew; the form asks for none.
  else if (date.getTime() > now.getTime() + 10 * 60_000) errors.date = 'The match cannot be dated in the future';
  if (!teams.includes(values.winner)) errors.winner = `Choose the winner: ${teams.join(' or ')}`;
  if (!(MATCH_RESULTS as readonly string[]).includes(values.result)) errors.result = 'Choose 5-0, 4-1 or 3-2';
  if (values.victorSide !== 'Allies' && values.victorSide !== 'Axis') errors.victorSide = 'Choose Allies or Axis';
  if (Object.keys(errors).length > 0 || !date) return { ok: false, errors };
  return {
    ok: true,
    data: {
      date: date.toISOString(),
      winner: values.winner,
      result: values.result,
      victor_side: values.victorSide as Side,
    },
  };
}

/** Puts a server 400 next to the field it names ('date', 'winner', ...); a contradiction with the cap flips stays the form's. */
export function placeCorrectionError(message: string): CorrectionErrors | undefined {
  const field = /'(date|winner|result|victor_side)'/.exec(message)?.[1];
  if (field === undefined) return /dated|later than now/.test(message) ? { date: message } : undefined;
  return { [field === 'victor_side' ? 'victorSide' : field]: message };
}

/** The correction editor of a match. */
export function correctionEditor(ref: MatchRef, match: RecordedMatch, client?: Client) {
  return createEditor<CorrectionValues, CorrectionErrors, CorrectionData>({
    initial: correctionValues(match),
    check: (values) => checkCorrection(values, match.teams),
    send: async (data) => {
      await (await api(client)).matches.correct(ref.series, ref.matchId, data);
      $correctedResult.set({ result: data.result, victorSide: data.victor_side });
    },
    placeError: placeCorrectionError,
  });
}

/** The words that say what a saved correction recorded. */
export function correctionSaved(data: CorrectionData): string {
  const when = `${data.date.slice(0, 16).replace('T', ' ')} UTC`;
  return `Match corrected: ${data.winner} won ${data.result} as ${data.victor_side}, played ${when}.`;
}

/** Deletes the match; resolves when it is gone. */
export async function deleteMatch(ref: MatchRef, client?: Client): Promise<void> {
  await (await api(client)).matches.remove(ref.series, ref.matchId);
}
