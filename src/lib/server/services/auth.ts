import type { DB } from '#lib/server/db/index.ts';
import type { Config } from '#lib/server/config.ts';
import { hashSecret, pkceChallenge, randomToken } from '#lib/server/auth/tokens.ts';
import { DiscordError, discordScopes, fetchDiscordIdentity } from '#lib/server/auth/discord.ts';
import { DEMO_USERS, type DemoRole } from '#lib/server/auth/demo.ts';
import { safeRedirect, withLoginError } from '#lib/server/auth/redirects.ts';
import { insertOauthState, takeOauthState } from '#lib/server/repositories/oauth-states.ts';
import {
  addTeamManager,
  refreshDiscordRoleManagers,
  setConfigAdmin,
  upsertDiscordUser,
} from '#lib/server/repositories/users.ts';
import { createSession, type NewSession } from './sessions.ts';

const STATE_TTL_MS = 10 * 60 * 1000;

/** Where the browser goes next, and the session to set when sign-in succeeded. */
export interface LoginOutcome {
  redirect: string;
  session?: NewSession;
}

/** The callback address registered with Discord. */
export function discordCallbackUrl(config: Config): string {
  return `${config.publicUrl}/v2/auth/discord/callback`;
}

/**
 * Starts a Discord sign-in: stores the hashed state, PKCE verifier and return path for 10 minutes and answers
 * the authorize URL to send the browser to. `redirectUri` must already be a safe same-origin path.
 */
export async function beginDiscordLogin(
  db: DB,
  config: Config,
  redirectUri: string,
  now = new Date(),
): Promise<string> {
  const state = randomToken(32);
  const codeVerifier = randomToken(48);
  await insertOauthState(
    db,
    { stateHash: hashSecret(state), codeVerifier, redirectUri, expiresAt: new Date(now.getTime() + STATE_TTL_MS) },
    now,
  );
  const url = new URL(config.discord.oauthUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.discord.clientId ?? '',
    scope: discordScopes(config.discord),
    redirect_uri: discordCallbackUrl(config),
    state,
    code_challenge: pkceChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/**
 * Finishes a Discord sign-in from the callback's query. Never throws for a failed sign-in: the outcome then
 * sends the browser back with `login_error` (denied, unknown or expired state, Discord errors).
 */
export async function completeDiscordLogin(
  db: DB,
  config: Config,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  userAgent: string | null,
  now = new Date(),
): Promise<LoginOutcome> {
  const pending = query.state ? await takeOauthState(db, hashSecret(query.state)) : undefined;
  if (!pending) return { redirect: withLoginError('/', 'invalid-state') };
  const back = safeRedirect(pending.redirect_uri);
  if (pending.expires_at.getTime() <= now.getTime()) return { redirect: withLoginError(back, 'expired') };
  if (query.error) {
    return {
      redirect: withLoginError(back, query.error === 'access_denied' ? 'denied' : 'refused'),
    };
  }
  if (!query.code) return { redirect: withLoginError(back, 'no-code') };
  try {
    const identity = await fetchDiscordIdentity(config.discord, {
      code: query.code,
      codeVerifier: pending.code_verifier,
      redirectUri: discordCallbackUrl(config),
    });
    const session = await db.transaction().execute(async (trx) => {
      const userId = await upsertDiscordUser(
        trx,
        {
          discordId: identity.user.id,
          name: identity.user.global_name || identity.user.username,
          avatar: identity.user.avatar ?? null,
        },
        now,
      );
      await setConfigAdmin(trx, userId, config.adminDiscordIds.includes(identity.user.id));
      await refreshDiscordRoleManagers(trx, userId, identity.guildRoles ?? []);
      return createSession(trx, userId, userAgent, now);
    });
    return { redirect: back, session };
  } catch (error) {
    if (error instanceof DiscordError) {
      console.error('Discord sign-in failed:', error.message);
      return { redirect: withLoginError(back, 'discord-failed') };
    }
    console.error('Discord sign-in failed:', error instanceof Error ? error.message : 'unknown error');
    return { redirect: withLoginError(back, 'failed') };
  }
}

/**
 * Signs in as a demo identity (only reachable when demo sign-in is enabled). The demo manager manages the
 * first live team by tag, if any; the demo admin has the ADMIN role.
 */
export async function demoSignIn(db: DB, as: DemoRole, userAgent: string | null): Promise<NewSession> {
  const who = DEMO_USERS[as];
  return db.transaction().execute(async (trx) => {
    const userId = await upsertDiscordUser(trx, { discordId: who.discordId, name: who.name, avatar: null });
    await setConfigAdmin(trx, userId, as === 'admin');
    if (as === 'manager') {
      const team = await trx
        .selectFrom('teams')
        .select('id')
        .where('deleted_at', 'is', null)
        .orderBy('tag')
        .executeTakeFirst();
      if (team) await addTeamManager(trx, userId, team.id, 'grant');
    }
    return createSession(trx, userId, userAgent);
  });
}
