/** What the ratings methodology page (/statistics/ratings) shows, and its calculator query. */
import { z } from 'zod';
import type { RatingModel } from '#lib/schemas/rating-models.ts';

/** The rating parameters a series uses now. */
export interface RatingParameters {
  model: RatingModel;
  mu: number;
  sigma: number;
  beta: number;
  tau: number;
  gamma: number;
  t1: number;
  t2: number;
  ranked_after: number;
}

/** One refit of the series' model (newest first on the page). */
export interface RatingFitView {
  at: string;
  trigger: 'auto' | 'cli';
  matches: number;
  adopted: boolean;
  previous_log_lik: number;
  candidate_log_lik: number;
}

/** One model's scores on the newest 30% of rated matches. */
export interface EvaluationRowView {
  model: string;
  label: string;
  n: number;
  accuracy: number;
  log_loss: number;
  log_loss_ci: [number, number];
  brier: number;
  calibration_slope: number;
  tuned: string;
}

/** One group of the reliability diagram: the favourite's mean forecast and how often it won. */
export interface ReliabilityPoint {
  n: number;
  predicted: number;
  observed: number;
}

/** The live evaluation of a series (computed once per change of its rated matches, then cached). */
export interface RatingEvaluationView {
  train: number;
  test: number;
  rows: EvaluationRowView[];
  reliability: ReliabilityPoint[];
  computed_at: string;
}

/** A team the calculator offers. */
export interface CalculatorTeam {
  tag: string;
  name: string;
}

/** The calculator's answer for two teams. */
export interface CalculatorResult {
  a: CalculatorTeam & { mu: number; sigma: number };
  b: CalculatorTeam & { mu: number; sigma: number };
  /** Probability that `a` wins a match today. */
  probability: number;
}

/** The calculator's GET query (`teamA`, `teamB`): two team tags (both optional; the answer needs both). */
export const calculatorQuery = z.object({
  a: z.string().trim().max(32).optional(),
  b: z.string().trim().max(32).optional(),
});
export type CalculatorQuery = z.infer<typeof calculatorQuery>;
