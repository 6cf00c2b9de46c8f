import type { LoginErrorCode } from '#lib/schemas/login-error.ts';

/**
 * Steam sign-in (OpenID 2.0, as Steam implements it: https://steamcommunity.com/dev): the browser is sent to the
 * provider with `checkid_setup`, comes back with a positive assertion, and the assertion is checked by posting it
 * back to the provider with `check_authentication` (stateless "dumb mode": no association is kept).
 */
export const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
const CLAIMED_ID = /^https:\/\/steamcommunity\.com\/openid\/id\/(\d{17})$/;
/** Fields the provider must have signed: without them the assertion could be about someone else or elsewhere. */
const MUST_SIGN = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];
/** How old a response nonce may be (it also must not be from the future beyond clock skew). */
const NONCE_MAX_AGE_MS = 10 * 60 * 1000;
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** A refused proof: `code` picks the catalogue words the page shows (never the provider's text). */
export class SteamProofError extends Error {
  readonly code: LoginErrorCode;
  constructor(code: LoginErrorCode, detail: string) {
    super(detail);
    this.name = 'SteamProofError';
    this.code = code;
  }
}

/** The provider address the browser is sent to, asking Steam to identify whoever signs in. */
export function steamLoginUrl(providerUrl: string, returnTo: string, realm: string): string {
  const url = new URL(providerUrl);
  url.search = new URLSearchParams({
    'openid.ns': OPENID_NS,
    'openid.mode': 'checkid_setup',
    'openid.return_to': returnTo,
    'openid.realm': realm,
    'openid.identity': IDENTIFIER_SELECT,
    'openid.claimed_id': IDENTIFIER_SELECT,
  }).toString();
  return url.toString();
}

/**
 * Checks everything a positive assertion says without asking the provider: mode, namespace, endpoint, the exact
 * return address, the identity's shape, the signed-field list and the nonce's age. Returns the SteamID64.
 * Throws SteamProofError (code 'steam-cancelled' when the person cancelled on Steam, else 'steam-refused').
 */
export function checkAssertion(
  params: Record<string, string>,
  expected: { providerUrl: string; returnTo: string },
  now = new Date(),
): string {
  const get = (name: string) => params[`openid.${name}`];
  if (get('mode') === 'cancel') throw new SteamProofError('steam-cancelled', 'cancelled on Steam');
  if (get('mode') !== 'id_res') throw new SteamProofError('steam-refused', `mode ${get('mode') ?? 'missing'}`);
  if (get('ns') !== OPENID_NS) throw new SteamProofError('steam-refused', 'wrong namespace');
  if (get('op_endpoint') !== expected.providerUrl) throw new SteamProofError('steam-refused', 'wrong op_endpoint');
  if (get('return_to') !== expected.returnTo) throw new SteamProofError('steam-refused', 'return_to does not match');
  const claimed = CLAIMED_ID.exec(get('claimed_id') ?? '');
  if (!claimed || get('identity') !== get('claimed_id'))
    throw new SteamProofError('steam-refused', 'claimed_id is not a Steam id');
  const signed = (get('signed') ?? '').split(',');
  if (!MUST_SIGN.every((field) => signed.includes(field)) || !get('sig') || !get('assoc_handle'))
    throw new SteamProofError('steam-refused', 'required fields are not signed');
  const issued = Date.parse(/^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)/.exec(get('response_nonce') ?? '')?.[1] ?? '');
  const age = now.getTime() - issued;
  if (!Number.isFinite(issued) || age > NONCE_MAX_AGE_MS || age < -CLOCK_SKEW_MS)
    throw new SteamProofError('steam-refused', 'response_nonce is missing or stale');
  return claimed[1]!;
}

/**
 * Asks the provider whether it really signed this assertion (`check_authentication`, every openid.* field sent
 * back as it came). Throws SteamProofError 'steam-failed' when the provider cannot be reached or answers
 * unexpectedly, 'steam-refused' when it says the signature is not valid.
 */
export async function verifyWithProvider(providerUrl: string, params: Record<string, string>): Promise<void> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (name.startsWith('openid.')) body.set(name, value);
  body.set('openid.mode', 'check_authentication');
  let text: string;
  try {
    const response = await fetch(providerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/plain' },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new SteamProofError('steam-failed', `provider answered ${response.status}`);
    text = (await response.text()).slice(0, 10_000);
  } catch (error) {
    if (error instanceof SteamProofError) throw error;
    throw new SteamProofError('steam-failed', 'provider unreachable');
  }
  // Key-value form (OpenID 2.0 section 4.1.1): one 'key:value' per line.
  const answer = new Map(
    text.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)] as const),
  );
  if (answer.get('ns') !== OPENID_NS) throw new SteamProofError('steam-failed', 'unexpected verification answer');
  if (answer.get('is_valid') !== 'true') throw new SteamProofError('steam-refused', 'signature not valid');
}
