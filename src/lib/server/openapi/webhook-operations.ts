import { webhookInputSchema, webhookListSchema, webhookSchema } from '#lib/schemas/webhook.ts';
import { p, type Operation } from './operation.ts';

const series = p('series', 'Series tag');
const webhookId = p('webhookId', 'Webhook id');

/** The Discord webhooks of a series (admins); addresses are secrets and are only ever answered masked. */
export const webhookOperations: Operation[] = [
  {
    method: 'get',
    path: '/v3/series/{series}/webhooks',
    group: 'Webhooks',
    summary: "The series' Discord webhooks, masked, with their delivery counts",
    access: 'admin',
    parameters: [series],
    response: webhookListSchema,
    errors: [401, 403, 404],
  },
  {
    method: 'post',
    path: '/v3/series/{series}/webhooks',
    group: 'Webhooks',
    summary:
      'Adds a Discord webhook (https://discord.com/api/webhooks/{id}/{token}): posted matches, disputes and teams reaching the ranking are announced to it. A url-encoded form post answers 303 to the admin page',
    access: 'admin',
    parameters: [series],
    body: webhookInputSchema,
    response: webhookSchema,
    errors: [401, 403, 404, 409],
  },
  {
    method: 'delete',
    path: '/v3/series/{series}/webhooks/{webhookId}',
    group: 'Webhooks',
    summary: 'Removes a webhook and its undelivered messages',
    access: 'admin',
    parameters: [series, webhookId],
    response: null,
    errors: [401, 403, 404],
  },
  {
    method: 'post',
    path: '/v3/series/{series}/webhooks/{webhookId}',
    group: 'Webhooks',
    summary: 'Removes a webhook (for plain HTML forms, which cannot send DELETE; a form post answers 303)',
    access: 'admin',
    parameters: [series, webhookId],
    response: null,
    errors: [401, 403, 404],
  },
];
