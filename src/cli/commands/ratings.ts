import type { Command } from '#cli/command.ts';
import { stringOption, UsageError } from '#cli/command.ts';
import { requireSeries } from '#lib/server/services/series.ts';
import { processQueuedMatches, recomputeSeries } from '#lib/server/services/ratings/process.ts';
import { evaluateSeries } from '#lib/server/services/ratings/analysis.ts';
import { exportPredictions } from '#lib/server/services/ratings/predictions.ts';
import { fitSeries } from '#lib/server/services/ratings/refit.ts';
import type { StoredModel } from '#lib/server/services/ratings/params.ts';

export const ratingsRecompute: Command = {
  name: 'ratings recompute',
  usage: '--series <tag>',
  summary: "Recompute a series' ratings, player skills, percentiles and statistics from scratch",
  options: { series: { type: 'string' } },
  positionals: 0,
  async run(context) {
    const db = await context.db();
    const series = await requireSeries(db, stringOption(context, 'series', true));
    const t0 = performance.now();
    const update = await recomputeSeries(db, series.id, context.progress);
    context.out(
      `Recomputed ${series.tag}: ${update.rated} rated matches (${update.posted} newly posted), ${update.skills} player skills, ` +
        `${update.percentiles} player lines in ${((performance.now() - t0) / 1000).toFixed(2)} s.`,
    );
  },
};

export const ratingsRun: Command = {
  name: 'ratings run',
  usage: '',
  summary: 'Rate every queued match now (what the server does after a match is queued)',
  positionals: 0,
  async run(context) {
    const updates = await processQueuedMatches(await context.db());
    const posted = updates.reduce((n, u) => n + u.posted, 0);
    context.out(`Posted ${posted} queued match(es) in ${updates.length} series.`);
  },
};

export const ratingsFit: Command = {
  name: 'ratings fit',
  usage: '--series <tag>',
  summary:
    'Refit the rating model (beta, sector thresholds, tau, gamma) on the older 70% of matches; adopt it and recompute only if it predicts the newer 30% better',
  options: { series: { type: 'string' } },
  positionals: 0,
  async run(context) {
    const tag = stringOption(context, 'series', true);
    const fit = await fitSeries(await context.db(), tag);
    if (fit === null) {
      context.out(`Series ${tag} has too few rated matches to fit (at least 10 are needed).`);
      return;
    }
    const describe = (m: StoredModel): string =>
      `${m.model}, beta ${m.beta.toFixed(4)}, tau ${m.tau.toFixed(4)}, gamma ${m.gamma.toFixed(4)}, ` +
      `t1 ${m.t1.toFixed(4)}, t2 ${m.t2.toFixed(4)}`;
    context.out(
      `Fitted on the older ${fit.train} of ${fit.matches} rated matches, judged on the newer ${fit.held_out}.`,
    );
    context.out(`In force:  ${describe(fit.previous)}; held-out log-likelihood ${fit.previous_log_lik.toFixed(3)}`);
    context.out(`Candidate: ${describe(fit.candidate)}; held-out log-likelihood ${fit.candidate_log_lik.toFixed(3)}`);
    context.out(
      fit.adopted
        ? `Adopted: series ${tag} now uses the candidate and was recomputed.`
        : `Kept the parameters in force: the candidate does not predict the held-out matches better.`,
    );
  },
};

export const ratingsEvaluate: Command = {
  name: 'ratings evaluate',
  usage: '--series <tag>',
  summary:
    "Score the site's model against TrueSkill, Elo, HeLO and win rate on the latest 30% of matches (95% intervals, calibration); Kendall tau against true strengths",
  options: { series: { type: 'string' } },
  positionals: 0,
  async run(context) {
    const result = await evaluateSeries(await context.db(), stringOption(context, 'series', true));
    const { trainSize, testSize } = result.evaluation;
    context.out(
      `Trained on ${trainSize} matches, tested on the latest ${testSize} (log_loss_95ci: bootstrap interval; slope: calibration slope, 1 is calibrated).`,
    );
    context.out(result.table);
    context.out('');
    context.out("Reliability of the site's model (favourite's forecast against how often it won):");
    context.out(result.reliability);
    if (result.kendall_tau !== null) {
      context.out(
        `Kendall tau (score vs true strength, ${result.teams_with_truth} teams): ${result.kendall_tau.toFixed(4)}`,
      );
    }
  },
};

export const ratingsPredictions: Command = {
  name: 'ratings predictions',
  usage: '--series <tag> [--format csv|json]',
  summary: "Export every rated match's pre-match win probability and both teams' ratings before and after",
  options: { series: { type: 'string' }, format: { type: 'string' } },
  positionals: 0,
  async run(context) {
    const format = stringOption(context, 'format') ?? 'csv';
    if (format !== 'csv' && format !== 'json')
      throw new UsageError(`Option --format must be csv or json, got '${format}'`);
    context.out(await exportPredictions(await context.db(), stringOption(context, 'series', true), format));
  },
};

export const ratingsCommands: Command[] = [
  ratingsRecompute,
  ratingsRun,
  ratingsFit,
  ratingsEvaluate,
  ratingsPredictions,
];
