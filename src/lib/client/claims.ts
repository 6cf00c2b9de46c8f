import { atom } from 'nanostores';
import { ApiError } from '#lib/client/api-error.ts';
import type { ApiClient } from '#lib/client/api.ts';
import { api } from '#lib/client/lazy-api.ts';
import { createForm } from '#lib/client/form.ts';
import { notify } from '#lib/client/stores/notifications.ts';
import type { OwnedProfile } from '#lib/schemas/claim.ts';

/** A failed call in words: the server's own message when it sent one (the catalogue's), else the HTTP status. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The claims of the signed-in user (spec section 4: claim, unclaim, change visibility; and the primary name of
 * an owned profile). The server decides what is allowed; a refusal is shown in its words and the list keeps the
 * state the server confirmed.
 */
export function createClaims(initial: OwnedProfile[], series: string, client?: ApiClient) {
  const $profiles = atom<OwnedProfile[]>(initial);
  /** The profile with a call in flight (its buttons are disabled), or null. */
  const $busy = atom<string | null>(null);

  const claimForm = createForm({
    schema: () => import('#lib/schemas/claim.ts').then((m) => m.claimInputSchema),
    initial: { steam_id: '' },
    send: async (data) => (await api(client)).users.claim(data.steam_id),
  });

  async function run<T>(steamId: string, what: string, call: () => Promise<T>): Promise<T | undefined> {
    $busy.set(steamId);
    try {
      return await call();
    } catch (error) {
      notify('error', `Could not ${what}: ${failureText(error)}`);
      return undefined;
    } finally {
      $busy.set(null);
    }
  }

  const update = (steamId: string, change: Partial<OwnedProfile>) =>
    $profiles.set($profiles.get().map((p) => (p.steam_id === steamId ? { ...p, ...change } : p)));

  async function setVisibility(steamId: string, visibility: 'public' | 'private'): Promise<void> {
    const claim = await run(steamId, 'change the visibility', async () =>
      (await api(client)).users.setVisibility(steamId, visibility),
    );
    if (claim) {
      update(steamId, { visibility: claim.visibility });
      notify('success', `Profile ${steamId} is now ${claim.visibility}.`);
    }
  }

  async function unclaim(steamId: string): Promise<void> {
    const done = await run(steamId, 'unclaim the profile', async () => {
      await (await api(client)).users.unclaim(steamId);
      return true;
    });
    if (done) {
      const owned = $profiles.get().find((p) => p.steam_id === steamId)?.status === 'approved';
      $profiles.set($profiles.get().filter((p) => p.steam_id !== steamId));
      notify('success', owned ? `Profile ${steamId} is no longer yours.` : `Your claim of ${steamId} is withdrawn.`);
    }
  }

  async function rename(steamId: string, name: string): Promise<boolean> {
    const trimmed = name.trim();
    if (!trimmed) {
      notify('error', 'Could not change the name: it must not be empty');
      return false;
    }
    const done = await run(steamId, 'change the name', async () => {
      await (await api(client)).players.changePrimaryName(series, steamId, trimmed);
      return true;
    });
    if (done) update(steamId, { name: trimmed });
    return done ?? false;
  }

  return { $profiles, $busy, claimForm, setVisibility, unclaim, rename };
}
