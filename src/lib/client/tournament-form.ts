import type { ApiClient as Client } from '#lib/client/api.ts';
import { api } from '#lib/client/lazy-api.ts';
import { createForm, definedFields, pickFields } from '#lib/client/form.ts';
import type { PatchTournamentBody } from '#lib/schemas/tournament-input.ts';

const tournamentInput = () => import('#lib/schemas/tournament-input.ts');

/** What the form shows and the person types: text as typed (URLs may be empty), the flags as checkboxes. */
export type TournamentFormValues = {
  name: string;
  tag: string;
  icon: string;
  invite: string;
  description: string;
  event: boolean;
  active: boolean;
};

/** The fields a request carries: a new tournament has no `active` yet (it starts active); an edit never sends `tag`. */
export const CREATE_FIELDS = ['name', 'tag', 'icon', 'invite', 'description', 'event'] as const;
export const EDIT_FIELDS = ['name', 'icon', 'invite', 'description', 'event', 'active'] as const;

/** An empty form for a new tournament (description defaults to empty, spec section 3). */
export const EMPTY_TOURNAMENT: TournamentFormValues = {
  name: '',
  tag: '',
  icon: '',
  invite: '',
  description: '',
  event: false,
  active: true,
};

/**
 * The update of spec section 5: every field except the tag, with the undefined ones left out (a PATCH changes
 * only the fields present).
 */
export function patchBody(data: PatchTournamentBody): PatchTournamentBody {
  const { tag: _tag, ...rest } = data as PatchTournamentBody & { tag?: unknown };
  return definedFields(rest as PatchTournamentBody);
}

/**
 * The create form: validated with the server's schema (POST /v2/tournaments: name and tag required; icon and
 * invite empty or an absolute URL), sent as JSON; answers the created tournament's tag.
 */
export function createTournamentForm(initial: TournamentFormValues = EMPTY_TOURNAMENT, client?: Client) {
  return createForm({
    schema: () => tournamentInput().then((m) => m.createTournamentInputSchema),
    initial: pickFields(initial, CREATE_FIELDS),
    send: async (data) => (await (await api(client)).tournaments.create(data)).tag,
  });
}

/** The edit form of the tournament `tag`: PATCH with every field but the tag; answers the tag. */
export function editTournamentForm(tag: string, initial: TournamentFormValues, client?: Client) {
  return createForm({
    schema: () => tournamentInput().then((m) => m.patchTournamentInputSchema),
    initial: pickFields(initial, EDIT_FIELDS),
    send: async (data) => (await (await api(client)).tournaments.update(tag, patchBody(data))).tag,
  });
}
