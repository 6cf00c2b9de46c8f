import { webhookInputSchema, webhookListSchema, webhookSchema } from '#lib/schemas/webhook.ts';
import { adminCall, p, series, type Operation } from './operation.ts';

const webhookId = p('webhookId', 'Webhook id');

/** The Discord webhooks of a series (admins); addresses are secrets and are only ever answered masked. */
export const webhookOperations: Operation[] = [
  adminCall({
    method: 'get',
    path: '/v3/series/{series}/webhooks',
    group: 'Webhooks',
    summary: "The series' Discord webhooks, masked, with their delivery counts",
    parameters: [series],
    response: webhookListSchema,
  }),
  adminCall(
    {
      method: 'post',
      path: '/v3/series/{series}/webhooks',
      group: 'Webhooks',
      summary:
        'Adds a Discord webhook (https://discord.com/api/webhooks/{id}/{token}): posted matches, disputes and teams reaching the ranking are announced to it. A url-encoded form post answers 303 to the admin page',
      parameters: [series],
      body: webhookInputSchema,
      response: webhookSchema,
    },
    [409],
  ),
  adminCall({
    method: 'delete',
    path: '/v3/series/{series}/webhooks/{webhookId}',
    group: 'Webhooks',
    summary: 'Removes a webhook and its undelivered messages',
    parameters: [series, webhookId],
    response: null,
  }),
  adminCall({
    method: 'post',
    path: '/v3/series/{series}/webhooks/{webhookId}',
    group: 'Webhooks',
    summary: 'Removes a webhook (for plain HTML forms, which cannot send DELETE; a form post answers 303)',
    parameters: [series, webhookId],
    response: null,
  }),
];
