import { atom } from 'nanostores';
import { ApiError } from '#lib/client/api-error.ts';
import type { ApiClient as Client } from '#lib/client/api.ts';
import { api } from '#lib/client/lazy-api.ts';
import { createForm } from '#lib/client/form.ts';

/** The words of a failed call: the server's catalogue message when it sent one, else the client's status line. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Change the team's tag (POST .../teams/{tag} {action: change_tag, new_tag}); answers the new tag. */
export function changeTagForm(series: string, tag: string, client?: Client) {
  return createForm({
    schema: () => import('#lib/schemas/team-input.ts').then((m) => m.teamActionInputSchema),
    initial: { action: 'change_tag' as const, new_tag: '' },
    send: async (data) => (await (await api(client)).teams.changeTag(series, tag, data.new_tag)).tag,
  });
}

/** The API key panel's state: the key just made is held here only, to be shown once. */
export interface ApiKeyPanel {
  busy: boolean;
  newKey: string | null;
  error: string | null;
}

/** Creates or rotates the team's key (POST /v2/teams/{tag}/api-key); the answer is kept only in the store. */
export function apiKeyPanel(tag: string, client?: Client) {
  const $panel = atom<ApiKeyPanel>({ busy: false, newKey: null, error: null });
  return {
    $panel,
    async rotate(): Promise<void> {
      $panel.set({ busy: true, newKey: null, error: null });
      try {
        const { api_key } = await (await api(client)).teams.createApiKey(tag);
        $panel.set({ busy: false, newKey: api_key, error: null });
      } catch (error) {
        $panel.set({ busy: false, newKey: null, error: failureText(error) });
      }
    },
  };
}

/** Deletes the team (ADMIN; DELETE .../teams/{tag}); answers an error text or null. */
export async function deleteTeam(series: string, tag: string, client?: Client): Promise<string | null> {
  try {
    await (await api(client)).teams.remove(series, tag);
    return null;
  } catch (error) {
    return failureText(error);
  }
}
