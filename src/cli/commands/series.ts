import type { Command } from '#cli/command.ts';
import { stringOption } from '#cli/command.ts';
import { createSeries, getSeriesList } from '#lib/server/services/series.ts';

export const seriesCreate: Command = {
  name: 'series create',
  usage: '<tag> --name <name> [--current]',
  summary: 'Create a series (season); --current makes it the current one',
  options: { name: { type: 'string' }, current: { type: 'boolean' } },
  positionals: 1,
  async run(context) {
    const name = stringOption(context, 'name', true);
    const db = await context.db();
    const current = context.values['current'] === true ? true : undefined;
    const created = await createSeries(db, {
      tag: context.positionals[0] ?? '',
      name,
      ...(current ? { current } : {}),
    });
    context.out(`Created series ${created.tag} (${created.name})${created.current ? ', current' : ''}.`);
  },
};

export const seriesList: Command = {
  name: 'series list',
  usage: '',
  summary: 'List the series',
  positionals: 0,
  async run(context) {
    for (const series of await getSeriesList(await context.db())) {
      context.out(`${series.current ? '*' : ' '} ${series.tag}\t${series.name}`);
    }
  },
};
