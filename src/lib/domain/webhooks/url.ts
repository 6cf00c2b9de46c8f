/**
 * Discord webhook addresses: what is accepted and how one is shown once saved. The address is a secret (anyone who
 * has it can post to the channel), so after saving only its webhook id and the last characters of its token are
 * ever shown. Pure: the accepted base comes from the configuration.
 */

/** The base Discord gives out; with it, the other Discord hosts and a versioned API path are accepted too. */
export const DISCORD_WEBHOOK_BASE = 'https://discord.com/api/webhooks';
const DISCORD_HOSTS = new Set(['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com']);
const HINT_LENGTH = 4;

/** A valid webhook address, normalised (no query, no fragment), with what may be shown of it. */
export interface WebhookAddress {
  url: string;
  /** The webhook's id (a Discord snowflake). */
  id: string;
  /** The last characters of the token. */
  hint: string;
}

/** Why an address is refused (the end of a 400 message). */
export const WEBHOOK_URL_RULE = 'must be a Discord webhook address: https://discord.com/api/webhooks/{id}/{token}';

function idAndToken(path: string, prefix: string): [string, string] | undefined {
  if (!path.startsWith(`${prefix}/`)) return undefined;
  const match = /^(\d{15,25})\/([A-Za-z0-9_-]{20,200})\/?$/.exec(path.slice(prefix.length + 1));
  return match ? [match[1]!, match[2]!] : undefined;
}

/**
 * Parses `input` as a webhook address under `base` (DISCORD_WEBHOOK_BASE accepts discord.com, discordapp.com,
 * ptb. and canary., with or without an /api/vN/ version); undefined when it is not one.
 */
export function parseWebhookUrl(input: string, base: string = DISCORD_WEBHOOK_BASE): WebhookAddress | undefined {
  let url: URL;
  let baseUrl: URL;
  try {
    url = new URL(input.trim());
    baseUrl = new URL(base);
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.search || url.hash) return undefined;
  const discord = base.replace(/\/+$/, '') === DISCORD_WEBHOOK_BASE;
  const sameOrigin = discord
    ? url.protocol === 'https:' && url.port === '' && DISCORD_HOSTS.has(url.hostname)
    : url.origin === baseUrl.origin;
  if (!sameOrigin) return undefined;
  const prefix = discord
    ? (/^\/api(\/v\d{1,2})?\/webhooks/.exec(url.pathname)?.[0] ?? '/api/webhooks')
    : baseUrl.pathname.replace(/\/+$/, '');
  const parts = idAndToken(url.pathname, prefix);
  if (!parts) return undefined;
  const [id, token] = parts;
  return { url: `${url.origin}${prefix}/${id}/${token}`, id, hint: token.slice(-HINT_LENGTH) };
}

/** How a saved webhook is shown: its host, id and the last characters of the token, never the token. */
export function maskWebhookUrl(url: string, id: string, hint: string): string {
  let host = 'discord.com';
  try {
    host = new URL(url).host;
  } catch {
    // a stored address always parses; the default host keeps the mask readable if one ever does not
  }
  return `${host}/…/webhooks/${id}/…${hint}`;
}
