import { z } from 'zod';
import { teamTagSchema } from './team.ts';
import { optionalUrlSchema } from './team-input.ts';
import { multilineText, plainText } from './text.ts';

const dateField = z.union([z.iso.datetime({ offset: true }), z.null()]);

/** The named, editable fields of a tournament (all optional here; POST requires name and tag). */
const fields = {
  name: plainText().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  icon: optionalUrlSchema,
  invite: optionalUrlSchema,
  description: multilineText().max(5000, 'must be at most 5000 characters'),
  event: z.boolean(),
  active: z.boolean(),
  starts_at: dateField,
  ends_at: dateField,
};
export const TOURNAMENT_FIELDS = ['tag', 'series', ...Object.keys(fields)];

/** The writable fields of a tournament besides its tag. */
const tournamentFields = z.object({
  name: fields.name,
  icon: fields.icon.optional(),
  invite: fields.invite.optional(),
  description: fields.description.optional(),
  event: fields.event.optional(),
  active: fields.active.optional(),
  starts_at: fields.starts_at.optional(),
  ends_at: fields.ends_at.optional(),
});

/** POST /v2/tournaments: name and tag required; unknown extra fields pass through (stored in `extra`). */
export const createTournamentInputSchema = tournamentFields.extend({ tag: teamTagSchema }).loose();
export type CreateTournamentBody = z.infer<typeof createTournamentInputSchema>;

/** PATCH /v2/tournaments/{tag}: only the fields present change; `tag` is ignored; unknown fields pass through. */
export const patchTournamentInputSchema = tournamentFields.partial().loose();
export type PatchTournamentBody = z.infer<typeof patchTournamentInputSchema>;
