import type { Command } from '#cli/command.ts';
import { stringOption } from '#cli/command.ts';
import { requireSeries } from '#lib/server/services/series.ts';
import { processQueuedMatches, recomputeSeries } from '#lib/server/services/ratings/process.ts';
import { evaluateSeries, fitSeries } from '#lib/server/services/ratings/analysis.ts';

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
    const update = await recomputeSeries(db, series.id);
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
  usage: '--series <tag> [--use]',
  summary:
    'Fit the sector-score thresholds by maximum likelihood and store them (--use: switch to the sector model and recompute)',
  options: { series: { type: 'string' }, use: { type: 'boolean' } },
  positionals: 0,
  async run(context) {
    const tag = stringOption(context, 'series', true);
    const fit = await fitSeries(await context.db(), tag, context.values['use'] === true);
    context.out(
      `Fitted on ${fit.matches} matches (${fit.observations} with a 5-0/4-1/3-2 result): t1 = ${fit.t1.toFixed(4)}, ` +
        `t2 = ${fit.t2.toFixed(4)}, log-likelihood ${fit.logLikelihood.toFixed(3)}.`,
    );
    if (context.values['use'] === true) context.out(`Series ${tag} now uses the sector model and was recomputed.`);
  },
};

export const ratingsEvaluate: Command = {
  name: 'ratings evaluate',
  usage: '--series <tag>',
  summary:
    'Score TrueSkill, sector score, Elo and win rate on the latest 30% of matches; Kendall tau against true strengths',
  options: { series: { type: 'string' } },
  positionals: 0,
  async run(context) {
    const result = await evaluateSeries(await context.db(), stringOption(context, 'series', true));
    const { trainSize, testSize, thresholds } = result.evaluation;
    context.out(
      `Trained on ${trainSize} matches, tested on the latest ${testSize} (sector thresholds t1 = ${thresholds.t1.toFixed(4)}, t2 = ${thresholds.t2.toFixed(4)}).`,
    );
    context.out(result.table);
    if (result.kendall_tau !== null) {
      context.out(
        `Kendall tau (score vs true strength, ${result.teams_with_truth} teams): ${result.kendall_tau.toFixed(4)}`,
      );
    }
  },
};

export const ratingsCommands: Command[] = [ratingsRecompute, ratingsRun, ratingsFit, ratingsEvaluate];
