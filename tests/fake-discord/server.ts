import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Discord account the fake knows: its id, name and role ids in the guild (null: not a member). */
export interface FakeAccount {
  id: string;
  username: string;
  roles: string[] | null;
}

interface Grant {
  account: FakeAccount;
  challenge: string;
  redirectUri: string;
}

/**
 * A local stand-in for Discord's OAuth2 and REST API on a free loopback port: the token endpoint checks the
 * code, the PKCE verifier, the client credentials and the redirect URI; users/@me and the guild member call
 * check the access token. `failTokens` makes the token endpoint answer 500.
 */
export interface FakeDiscord {
  url: string;
  clientId: string;
  clientSecret: string;
  guildId: string;
  failTokens: boolean;
  /** Every token request the fake refused, with the reason (for assertions). */
  refusals: string[];
  /** Acts as the user consenting on Discord: returns the code the browser would bring back. */
  authorize(authorizeUrl: string, account: FakeAccount): { code: string; state: string; redirectUri: string };
  close(): Promise<void>;
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeDiscord(): Promise<FakeDiscord> {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, FakeAccount>();
  const fake: Omit<FakeDiscord, 'url' | 'close'> = {
    clientId: '111111111111111111',
    clientSecret: 'fake-client-secret',
    guildId: '222222222222222222',
    failTokens: false,
    refusals: [],
    authorize(authorizeUrl, account) {
      const url = new URL(authorizeUrl);
      const params = url.searchParams;
      if (params.get('client_id') !== fake.clientId) throw new Error('authorize: wrong client_id');
      if (params.get('code_challenge_method') !== 'S256') throw new Error('authorize: PKCE S256 expected');
      const code = randomBytes(12).toString('hex');
      grants.set(code, {
        account,
        challenge: params.get('code_challenge') ?? '',
        redirectUri: params.get('redirect_uri') ?? '',
      });
      return { code, state: params.get('state') ?? '', redirectUri: params.get('redirect_uri') ?? '' };
    },
  };
  const refuse = (response: http.ServerResponse, reason: string) => {
    fake.refusals.push(reason);
    send(response, 400, { error: 'invalid_grant', error_description: reason });
  };
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'POST' && url.pathname === '/api/oauth2/token') {
      if (fake.failTokens) return send(response, 500, { message: 'down' });
      const form = new URLSearchParams(await readBody(request));
      if (form.get('client_id') !== fake.clientId || form.get('client_secret') !== fake.clientSecret)
        return refuse(response, 'client');
      if (form.get('grant_type') !== 'authorization_code') return refuse(response, 'grant_type');
      const grant = grants.get(form.get('code') ?? '');
      if (!grant) return refuse(response, 'code');
      grants.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge)
        return refuse(response, 'verifier');
      if (form.get('redirect_uri') !== grant.redirectUri) return refuse(response, 'redirect_uri');
      const token = randomBytes(16).toString('hex');
      tokens.set(token, grant.account);
      return send(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 604800, scope: 'identify' });
    }
    const account = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!account) return send(response, 401, { message: '401: Unauthorized' });
    if (request.method === 'GET' && url.pathname === '/api/users/@me') {
      return send(response, 200, { id: account.id, username: account.username, global_name: null, avatar: null });
    }
    if (request.method === 'GET' && url.pathname === `/api/users/@me/guilds/${fake.guildId}/member`) {
      if (account.roles === null) return send(response, 404, { message: 'Unknown Guild' });
      return send(response, 200, { roles: account.roles, nick: null });
    }
    send(response, 404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
