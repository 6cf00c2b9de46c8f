/**
 * Derives DEFAULT_MODEL (src/lib/domain/rating/auto-fit.ts), the parameters of a series too young to be fitted:
 * the sector model's beta, thresholds and dynamics fitted by chronological maximum likelihood on every series of
 * the default demo community (`hss demo seed`), from several starts. Run with
 * `npx node scripts/fit-default-model.ts` and copy the printed numbers when the demo or the model changes.
 */
import { DEFAULT_MODEL, compileMatches, createEnv, fitModel, type ModelParams } from '#lib/domain/rating/index.ts';
import { planDemo } from '#lib/server/services/demo/plan.ts';
import { DEMO_DEFAULTS } from '#lib/server/services/demo/seed.ts';

const plan = planDemo({ ...DEMO_DEFAULTS, anchor: new Date(Date.UTC(2026, 0, 1)) });
// Every series is rated on its own: team keys carry the series, so one compiled list holds independent series.
const rated = plan.matches
  .filter((m) => m.type !== 'friendly' && m.outcome === 'approve')
  .map((m) => ({
    id: m.index,
    winner: `${m.series}:${m.winner}`,
    loser: `${m.series}:${m.loser}`,
    result: m.result,
    date: m.date,
  }));
const compiled = compileMatches(rated);
const starts: ModelParams[] = [DEFAULT_MODEL];
for (const [beta, tau, gamma] of [
  [25 / 6, 0.1, 0.1],
  [8, 0.5, 0.05],
  [12, 0.05, 0.5],
] as const) {
  const env = createEnv({ beta, tau, gamma });
  starts.push({ env, model: 'sector', thresholds: { t1: beta / 2, t2: (5 * beta) / 4 } });
}
let best = fitModel(compiled, starts[0]!, { maxEvaluations: 2000 });
for (const start of starts.slice(1)) {
  const fit = fitModel(compiled, start, { maxEvaluations: 2000 });
  if (fit.logLikelihood > best.logLikelihood) best = fit;
}
const { env, thresholds } = best.params;
const round = (x: number): number => Math.round(x * 1000) / 1000;
console.log(`Fitted on ${compiled.length} rated demo matches in ${plan.series.length} series.`);
console.log(
  `log-likelihood ${best.logLikelihood.toFixed(3)} (DEFAULT_MODEL now: ${fitModel(compiled, DEFAULT_MODEL, { free: [] }).logLikelihood.toFixed(3)})`,
);
console.log(
  `beta: ${round(env.beta)}, tau: ${round(env.tau)}, gamma: ${round(env.gamma)}, t1: ${round(thresholds.t1)}, t2: ${round(thresholds.t2)}`,
);
