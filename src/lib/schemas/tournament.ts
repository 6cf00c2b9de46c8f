import { z } from 'zod';
import { timestampSchema } from './meta.ts';

/** A tournament; fields the spec does not name pass through (loose). */
export const tournamentSchema = z
  .object({
    tag: z.string(),
    name: z.string(),
    icon: z.string().nullable(),
    invite: z.string().nullable(),
    description: z.string(),
    event: z.boolean(),
    active: z.boolean(),
    series: z.string().nullable(),
    starts_at: timestampSchema.nullable(),
    ends_at: timestampSchema.nullable(),
  })
  .loose();
export type Tournament = z.infer<typeof tournamentSchema>;

export const tournamentListSchema = z.array(tournamentSchema);

/** A team's record in one tournament: its public, undisputed matches in it, won and lost. */
export const tournamentTeamRecordSchema = z.object({
  tag: z.string(),
  name: z.string().nullable(),
  icon: z.string().nullable(),
  registered: z.boolean(),
  matches: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
});
export type TournamentTeamRecord = z.infer<typeof tournamentTeamRecordSchema>;
