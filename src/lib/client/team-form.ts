import type { ApiClient as Client } from '#lib/client/api.ts';
import { api } from '#lib/client/lazy-api.ts';
import { createForm, definedFields, pickFields } from '#lib/client/form.ts';
import type { PatchTeamBody } from '#lib/schemas/team-input.ts';

const teamInput = () => import('#lib/schemas/team-input.ts');

/** What the team forms show and the person types: text as typed (URLs may be empty), `inactive` as a checkbox. */
export type TeamFormValues = {
  name: string;
  tag: string;
  icon: string;
  invite: string;
  discord_role_id: string;
  contact: string;
  inactive: boolean;
};

/** Which fields each form sends: only a request carries a contact; an edit never the tag. */
export const TEAM_FORM_FIELDS = {
  create: ['name', 'tag', 'icon', 'invite', 'discord_role_id'],
  edit: ['name', 'icon', 'invite', 'discord_role_id', 'inactive'],
  request: ['name', 'tag', 'icon', 'invite', 'discord_role_id', 'contact'],
} as const satisfies Record<string, readonly (keyof TeamFormValues)[]>;

export type TeamFormMode = keyof typeof TEAM_FORM_FIELDS;

export const EMPTY_TEAM: TeamFormValues = {
  name: '',
  tag: '',
  icon: '',
  invite: '',
  discord_role_id: '',
  contact: '',
  inactive: false,
};

/** A PATCH changes only the fields present: the undefined ones are left out. */
export function patchBody(data: PatchTeamBody): PatchTeamBody {
  return definedFields(data);
}

/**
 * The form of `mode`, validated with the server's own schema and sent through the typed client; each answers the
 * tag of the team it saved (create, edit) or asked for (request).
 * - create (ADMIN): POST /v3/series/{series}/teams
 * - edit (managers, ADMIN): PATCH /v3/series/{series}/teams/{tag} with every field but the tag
 * - request (any signed-in user): POST /v2/team-requests, to the admins' queue
 */
export function teamForm(
  mode: TeamFormMode,
  context: { series: string; tag: string },
  initial: TeamFormValues,
  client?: Client,
) {
  switch (mode) {
    case 'create':
      return createForm({
        schema: () => teamInput().then((m) => m.createTeamInputSchema),
        initial: pickFields(initial, TEAM_FORM_FIELDS.create),
        send: async (data) => (await (await api(client)).teams.create(context.series, data)).tag,
      });
    case 'edit':
      return createForm({
        schema: () => teamInput().then((m) => m.patchTeamInputSchema),
        initial: pickFields(initial, TEAM_FORM_FIELDS.edit),
        send: async (data) =>
          (await (await api(client)).teams.update(context.series, context.tag, patchBody(data))).tag,
      });
    case 'request':
      return createForm({
        schema: () => import('#lib/schemas/registration.ts').then((m) => m.registrationInputSchema),
        initial: pickFields(initial, TEAM_FORM_FIELDS.request),
        send: async (data) => (await (await api(client)).teamRequests.create(data)).tag,
      });
  }
}
