import { z } from 'zod';
import { teamNameSchema, teamTagSchema } from './team.ts';
import { discordRoleIdSchema, optionalUrlSchema } from './team-input.ts';
import { plainText } from './text.ts';

/** POST /v2/team-requests: a signed-in user asks for a team to be registered. */
export const registrationInputSchema = z.object({
  name: teamNameSchema,
  tag: teamTagSchema,
  icon: optionalUrlSchema.optional(),
  invite: optionalUrlSchema.optional(),
  contact: plainText().trim().max(200, 'must be at most 200 characters').optional(),
  discord_role_id: discordRoleIdSchema.optional(),
});
export type RegistrationInput = z.infer<typeof registrationInputSchema>;

/** POST /v2/team-requests/{id}: an admin decides. */
export const registrationDecisionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept') }),
  z.object({
    action: z.literal('reject'),
    reason: plainText().trim().max(500, 'must be at most 500 characters').optional(),
  }),
]);
export type RegistrationDecision = z.infer<typeof registrationDecisionSchema>;

export const registrationStatusSchema = z.enum(['pending', 'accepted', 'rejected']);

/** A registration request as the API answers it. */
export const registrationSchema = z.object({
  id: z.number(),
  name: z.string(),
  tag: z.string(),
  icon: z.string().nullable(),
  invite: z.string().nullable(),
  contact: z.string().nullable(),
  discord_role_id: z.string().nullable(),
  status: registrationStatusSchema,
  requested_by: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  team: z.string().nullable(),
});
export type Registration = z.infer<typeof registrationSchema>;

/** GET /v2/team-requests?status= */
export const registrationQuerySchema = z.object({ status: registrationStatusSchema.default('pending') });
