import { z } from 'zod';

/**
 * Why a sign-in failed: the code the sign-in endpoints send the browser back with (`?login_error=<code>`), and the
 * words a page shows for it. Pages show only these words, never text taken from the address, so a link someone
 * crafted cannot make the site say anything (spec issue 17 item 6).
 */
export const LOGIN_ERROR_MESSAGES = {
  'invalid-state': 'The sign-in link is invalid or was already used. Please sign in again.',
  expired: 'The sign-in took too long. Please try again.',
  denied: 'You denied access on Discord, so you are not signed in.',
  refused: 'Discord refused the sign-in. Please try again.',
  'no-code': 'Discord did not complete the sign-in. Please try again.',
  'discord-failed': 'Discord could not be reached or answered unexpectedly. Please try again later.',
  'not-configured': 'Sign-in with Discord is not configured on this server.',
  failed: 'Sign-in failed. Please try again later.',
  'steam-signed-out': 'Sign in first, then prove your Steam id from My profile.',
  'steam-cancelled': 'You cancelled the sign-in on Steam, so no Steam id was proved.',
  'steam-refused': 'Steam did not confirm your Steam id. Please try again.',
  'steam-failed': 'Steam could not be reached or answered unexpectedly. Please try again later.',
  'steam-unknown-player': 'Steam confirmed your Steam id, but no match log knows that player yet.',
} as const;

export const loginErrorCodeSchema = z.enum(
  Object.keys(LOGIN_ERROR_MESSAGES) as [keyof typeof LOGIN_ERROR_MESSAGES, ...(keyof typeof LOGIN_ERROR_MESSAGES)[]],
);
export type LoginErrorCode = z.infer<typeof loginErrorCodeSchema>;

/** The message for a `login_error` value: its catalogue words, or the generic one for a value that is no code. */
export function loginErrorMessage(value: string): string {
  const code = loginErrorCodeSchema.safeParse(value);
  return LOGIN_ERROR_MESSAGES[code.success ? code.data : 'failed'];
}
