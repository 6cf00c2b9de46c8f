import { z } from 'zod';
import { teamNameSchema, teamTagSchema } from './team.ts';
import { hasControlCharacters, NO_CONTROL_MESSAGE } from './text.ts';
import { MAX_URL_LENGTH, webUrl } from './web-url.ts';

/**
 * The spec's URL rule, narrowed to the web: empty, or an absolute http(s) URL of at most MAX_URL_LENGTH characters
 * (a `javascript:` or `ftp:` address is refused). Empty and null are stored as null.
 */
export const optionalUrlSchema = z
  .union([z.string(), z.null()])
  .transform((value) => (value === null ? '' : value.trim()))
  .refine((value) => value.length <= MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`)
  .refine((value) => !hasControlCharacters(value), NO_CONTROL_MESSAGE)
  .refine(
    (value) => value === '' || webUrl(value) !== null,
    'must be empty or an absolute http(s) URL such as https://example.org',
  )
  .transform((value) => (value === '' ? null : value));

/** A Discord role id (a snowflake), or empty/null for none. */
export const discordRoleIdSchema = z
  .union([z.string(), z.null()])
  .transform((value) => (value === null ? '' : value.trim()))
  .refine((value) => value === '' || /^\d{5,25}$/.test(value), 'must be a numeric Discord role id')
  .transform((value) => (value === '' ? null : value));

/** POST /v3/series/{series}/teams */
export const createTeamInputSchema = z.object({
  name: teamNameSchema,
  tag: teamTagSchema,
  icon: optionalUrlSchema.optional(),
  invite: optionalUrlSchema.optional(),
  discord_role_id: discordRoleIdSchema.optional(),
});
export type CreateTeamBody = z.infer<typeof createTeamInputSchema>;

/** PATCH /v3/series/{series}/teams/{tag}: only the fields present change. */
export const patchTeamInputSchema = z.object({
  name: teamNameSchema.optional(),
  icon: optionalUrlSchema.optional(),
  invite: optionalUrlSchema.optional(),
  discord_role_id: discordRoleIdSchema.optional(),
  inactive: z.boolean().optional(),
});
export type PatchTeamBody = z.infer<typeof patchTeamInputSchema>;

/** POST /v3/series/{series}/teams/{tag} */
export const teamActionInputSchema = z.object({ action: z.literal('change_tag'), new_tag: teamTagSchema });

/** A team as the management endpoints answer it. */
export const managedTeamSchema = z.object({
  tag: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  invite: z.string().nullable(),
  discord_role_id: z.string().nullable(),
  inactive: z.boolean(),
});
export type ManagedTeam = z.infer<typeof managedTeamSchema>;
