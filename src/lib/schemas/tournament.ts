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
