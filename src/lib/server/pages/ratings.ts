/** Loader of /statistics/ratings: how ratings work, the series' parameters and refits, the live evaluation, the calculator. */
import {
  calculatorQuery,
  type CalculatorResult,
  type CalculatorTeam,
  type RatingEvaluationView,
  type RatingFitView,
  type RatingParameters,
} from '#lib/schemas/ratings-page.ts';
import type { Settled } from '#lib/schemas/settled.ts';
import { getDb } from '#lib/server/app.ts';
import { messages } from '#lib/server/core/messages.ts';
import {
  calculate,
  calculatorTeams,
  ratingEvaluation,
  ratingFits,
  ratingParameters,
} from '#lib/server/services/ratings/methodology.ts';
import { settle } from './settle.ts';

export interface RatingsPage {
  /** Null while no series exists. */
  parameters: RatingParameters | null;
  fits: Settled<RatingFitView[]>;
  evaluation: Settled<RatingEvaluationView | null>;
  teams: Settled<CalculatorTeam[]>;
  /** The calculator's chosen tags (as given) and its answer (null until both are chosen) or error message. */
  calculator: { a: string; b: string; result: Settled<CalculatorResult | null> };
}

/**
 * The page for the series in use. Each section loads on its own (a failure shows its message); the calculator
 * reads `teamA` and `teamB` (team tags) from the query: an unknown tag or the same team twice is its error message.
 */
export async function loadRatingsPage(locals: App.Locals, url: URL): Promise<RatingsPage> {
  const query = calculatorQuery.safeParse({
    a: url.searchParams.get('teamA') ?? undefined,
    b: url.searchParams.get('teamB') ?? undefined,
  });
  const chosen = query.success ? query.data : {};
  const calculator = { a: chosen.a ?? '', b: chosen.b ?? '' };
  const series = locals.series;
  if (!series) {
    const none = { ok: null };
    return {
      parameters: null,
      fits: { ok: [] },
      evaluation: none,
      teams: { ok: [] },
      calculator: { ...calculator, result: none },
    };
  }
  const db = await getDb();
  const teamRows = calculatorTeams(db, series.id);
  teamRows.catch(() => undefined);
  const [fits, evaluation, teams, result] = await Promise.all([
    settle(() => ratingFits(db, series.id)),
    settle(() => ratingEvaluation(db, series)),
    settle(async () => (await teamRows).map((t) => ({ tag: t.tag, name: t.name }))),
    query.success
      ? settle(async () => calculate(series, await teamRows, chosen))
      : Promise.resolve({ error: messages.invalidParameter('teamA', 'a team tag of at most 32 characters') }),
  ]);
  return { parameters: ratingParameters(series), fits, evaluation, teams, calculator: { ...calculator, result } };
}
