import { atom, onMount, task } from 'nanostores';
import type { Me } from '#lib/schemas/user.ts';
import { ApiError } from '#lib/client/api-error.ts';
import { api } from '#lib/client/lazy-api.ts';

/**
 * Who is signed in, as islands see it: `unknown` until GET /v2/users/@me answered, `signed-out` after a 401,
 * `signed-in` with the user, or `failed` when the call failed otherwise (the message says why).
 */
export type SessionState =
  | { status: 'unknown' }
  | { status: 'signed-in'; user: Me }
  | { status: 'signed-out' }
  | { status: 'failed'; message: string };

/**
 * The visitor's session. Loaded once, on first use, unless a page already gave it with `setSession` (the server
 * knows the user: islands are passed it as a prop instead of asking again).
 */
export const $session = atom<SessionState>({ status: 'unknown' });

onMount($session, () => {
  if ($session.get().status === 'unknown') void loadSession();
});

/** Asks the server who is signed in (GET /v2/users/@me; 401 means nobody) and stores the answer. */
export function loadSession(): Promise<SessionState> {
  return task(async () => {
    let next: SessionState;
    try {
      next = { status: 'signed-in', user: await (await api()).users.me() };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) next = { status: 'signed-out' };
      else next = { status: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    $session.set(next);
    return next;
  });
}

/** Stores a user the page already knows (null: nobody signed in), so that no island asks the server again. */
export function setSession(user: Me | null): void {
  $session.set(user ? { status: 'signed-in', user } : { status: 'signed-out' });
}

/** True when the signed-in user has `role`. */
export function hasRole(state: SessionState, role: Me['roles'][number]): boolean {
  return state.status === 'signed-in' && state.user.roles.includes(role);
}
