import type { Command } from '#cli/command.ts';
import { stringOption, UsageError } from '#cli/command.ts';
import { cliActor } from '#lib/server/auth/actor.ts';
import { addWebhook, getWebhooks, removeWebhook } from '#lib/server/services/webhooks/admin.ts';

const seriesOption = { series: { type: 'string' } } as const;

export const webhooksAdd: Command = {
  name: 'webhooks add',
  usage: '<url> --series <tag>',
  summary: 'Announce posted and disputed matches and newly ranked teams of a series to a Discord webhook',
  options: seriesOption,
  positionals: 1,
  async run(context) {
    const series = stringOption(context, 'series', true);
    const webhook = await addWebhook(await context.db(), cliActor, series, { url: context.positionals[0] ?? '' });
    context.out(`Added webhook ${webhook.id} to series ${webhook.series}: ${webhook.masked_url}`);
  },
};

export const webhooksList: Command = {
  name: 'webhooks list',
  usage: '--series <tag>',
  summary: "List a series' Discord webhooks (masked) and their deliveries",
  options: seriesOption,
  positionals: 0,
  async run(context) {
    const series = stringOption(context, 'series', true);
    const webhooks = await getWebhooks(await context.db(), cliActor, series);
    if (webhooks.length === 0) context.out(`Series ${series} has no webhooks.`);
    for (const w of webhooks) {
      const error = w.last_error ? `, last error ${w.last_error}` : '';
      context.out(
        `${w.id}\t${w.masked_url}\tdelivered ${w.delivered}, pending ${w.pending}, failed ${w.failed}${error}`,
      );
    }
  },
};

export const webhooksRemove: Command = {
  name: 'webhooks remove',
  usage: '<id> --series <tag>',
  summary: 'Remove a webhook of a series with its undelivered messages',
  options: seriesOption,
  positionals: 1,
  async run(context) {
    const series = stringOption(context, 'series', true);
    const id = context.positionals[0] ?? '';
    if (!/^\d{1,9}$/.test(id)) throw new UsageError(`The webhook id must be a number, got '${id}'`);
    await removeWebhook(await context.db(), cliActor, series, id);
    context.out(`Removed webhook ${id} from series ${series}.`);
  },
};

export const webhooksCommands: Command[] = [webhooksAdd, webhooksList, webhooksRemove];
