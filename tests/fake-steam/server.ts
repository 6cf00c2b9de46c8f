import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const NS = 'http://specs.openid.net/auth/2.0';
const SIGNED = 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle';

/**
 * A local stand-in for Steam's OpenID 2.0 provider on a free loopback port. `approve()` acts as a person signing
 * in on Steam: it checks the checkid_setup request and answers the address the browser is sent back to, with a
 * positive assertion signed by the fake's secret. POST check_authentication answers `is_valid:true` only for an
 * assertion it signed, unchanged, and only once (as Steam does in stateless mode).
 */
export interface FakeSteam {
  /** The provider endpoint (STEAM_OPENID_URL). */
  url: string;
  /** Every verification the fake refused, with the reason (for assertions). */
  refusals: string[];
  /** How many check_authentication requests arrived. */
  verifications: number;
  approve(loginUrl: string, steamId: string): URL;
  close(): Promise<void>;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeSteam(): Promise<FakeSteam> {
  const secret = randomBytes(32);
  const used = new Set<string>();
  const sign = (params: URLSearchParams) => {
    const fields = (params.get('openid.signed') ?? '').split(',');
    const text = fields.map((f) => `${f}:${params.get(`openid.${f}`) ?? ''}\n`).join('');
    return createHmac('sha256', secret).update(text).digest('base64');
  };
  let url = '';
  const fake: FakeSteam = {
    url: '',
    close: async () => {},
    refusals: [],
    verifications: 0,
    approve(loginUrl, steamId) {
      const request = new URL(loginUrl);
      const get = (name: string) => request.searchParams.get(`openid.${name}`);
      if (request.origin + request.pathname !== url) throw new Error('approve: not the fake provider');
      if (get('mode') !== 'checkid_setup' || get('ns') !== NS) throw new Error('approve: not a checkid_setup');
      if (get('identity') !== `${NS}/identifier_select` || get('claimed_id') !== `${NS}/identifier_select`)
        throw new Error('approve: identifier_select expected');
      const returnTo = get('return_to') ?? '';
      if (!returnTo.startsWith(get('realm') ?? '\0')) throw new Error('approve: return_to outside the realm');
      const back = new URL(returnTo);
      const identity = `https://steamcommunity.com/openid/id/${steamId}`;
      const assertion = new URLSearchParams({
        'openid.ns': NS,
        'openid.mode': 'id_res',
        'openid.op_endpoint': url,
        'openid.claimed_id': identity,
        'openid.identity': identity,
        'openid.return_to': returnTo,
        'openid.response_nonce': `${new Date().toISOString().slice(0, 19)}Z${randomBytes(6).toString('hex')}`,
        'openid.assoc_handle': '1234567890',
        'openid.signed': SIGNED,
      });
      assertion.set('openid.sig', sign(assertion));
      for (const [name, value] of assertion) back.searchParams.set(name, value);
      return back;
    },
  };
  const server = http.createServer((request, response) => {
    void (async () => {
      const answer = (valid: boolean, why?: string) => {
        if (why) fake.refusals.push(why);
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(`ns:${NS}\nis_valid:${valid}\n`);
      };
      if (request.method !== 'POST') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<p>Sign in through Steam</p>');
      }
      fake.verifications++;
      const params = new URLSearchParams(await readBody(request));
      if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') return answer(false, 'content-type');
      if (params.get('openid.mode') !== 'check_authentication') return answer(false, 'mode');
      const sig = params.get('openid.sig') ?? '';
      if (sig !== sign(params)) return answer(false, 'signature');
      if (used.has(sig)) return answer(false, 'replayed');
      used.add(sig);
      answer(true);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openid/login`;
  fake.url = url;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
