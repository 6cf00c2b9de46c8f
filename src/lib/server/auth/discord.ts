import { z } from 'zod';
import type { Config } from '#lib/server/config.ts';
import { replaceControlCharacters } from '#lib/schemas/text.ts';

/** Raised when Discord refuses or cannot be reached; `message` is short and safe to show (no secrets). */
export class DiscordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiscordError';
  }
}

const tokenSchema = z.object({ access_token: z.string().min(1), token_type: z.string() });
// What Discord says is outside text too: it is stored, so control characters are replaced and ids must be digits.
const discordText = z.string().transform((value) => replaceControlCharacters(value));
const userSchema = z.object({
  id: z.string().regex(/^\d+$/),
  username: discordText,
  global_name: discordText.nullish(),
  avatar: discordText.nullish(),
});
const memberSchema = z.object({
  roles: z.array(z.string()).transform((roles) => roles.filter((role) => /^\d{1,25}$/.test(role))),
  nick: discordText.nullish(),
});

export type DiscordUser = z.infer<typeof userSchema>;

/** The Discord identity of a signed-in person: who they are and their role ids in the configured guild. */
export interface DiscordIdentity {
  user: DiscordUser;
  /** Role ids in DISCORD_GUILD_ID; null when no guild is configured. */
  guildRoles: string[] | null;
}

/** The OAuth scopes to ask for: 'identify', plus 'guilds.members.read' when a guild is configured. */
export function discordScopes(discord: Config['discord']): string {
  return discord.guildId ? 'identify guilds.members.read' : 'identify';
}

async function call(url: string, init: RequestInit, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new DiscordError('Discord is unreachable');
  }
  if (!response.ok) throw new DiscordError(`Discord refused the ${what} (${response.status})`);
  try {
    return await response.json();
  } catch {
    throw new DiscordError(`Discord sent an invalid ${what}`);
  }
}

function parse<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new DiscordError(`Discord sent an invalid ${what}`);
  return parsed.data;
}

/**
 * Exchanges an authorization code (with its PKCE verifier) for an access token, then reads the user and, when a
 * guild is configured, their roles there (a user outside the guild has no roles). Throws DiscordError.
 */
export async function fetchDiscordIdentity(
  discord: Config['discord'],
  input: { code: string; codeVerifier: string; redirectUri: string },
): Promise<DiscordIdentity> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.codeVerifier,
    client_id: discord.clientId ?? '',
    client_secret: discord.clientSecret ?? '',
  });
  const token = parse(
    tokenSchema,
    await call(
      `${discord.apiUrl}/oauth2/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
      },
      'token exchange',
    ),
    'token',
  );
  const headers = { authorization: `Bearer ${token.access_token}`, accept: 'application/json' };
  const user = parse(userSchema, await call(`${discord.apiUrl}/users/@me`, { headers }, 'user request'), 'user');
  if (!discord.guildId) return { user, guildRoles: null };
  const memberUrl = `${discord.apiUrl}/users/@me/guilds/${discord.guildId}/member`;
  let response: Response;
  try {
    response = await fetch(memberUrl, { headers, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new DiscordError('Discord is unreachable');
  }
  // 404: not a member of the guild, so no roles.
  if (response.status === 404) return { user, guildRoles: [] };
  if (!response.ok) throw new DiscordError(`Discord refused the guild member request (${response.status})`);
  const member = parse(memberSchema, await response.json().catch(() => null), 'guild member');
  return { user, guildRoles: member.roles };
}
