import { z } from 'zod';

/** A Steam id (SteamID64, 17 digits) or an Epic (EOS) id (32 hex characters). */
export const playerIdSchema = z
  .string()
  .trim()
  .regex(/^(\d{17}|[0-9a-fA-F]{32})$/, 'must be a 17-digit Steam id or a 32-character Epic id');

/** POST /v2/users/@me/claims */
export const claimInputSchema = z.object({ steam_id: playerIdSchema });

/** PUT /v2/users/@me/claims/{steamId} */
export const claimVisibilityInputSchema = z.object({ visibility: z.enum(['public', 'private']) });

/** A claimed profile as the claim endpoints answer it. */
export const claimSchema = z.object({ steam_id: z.string(), visibility: z.enum(['public', 'private']) });
export type Claim = z.infer<typeof claimSchema>;
