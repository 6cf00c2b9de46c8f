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

/**
 * A claim's state: 'pending' waits for proof (a Steam sign-in, or an admin's or team manager's approval) and changes
 * nothing; 'approved' makes the claimant the profile's owner; 'rejected' was refused by a reviewer.
 */
export const claimStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type ClaimStatus = z.infer<typeof claimStatusSchema>;

/** A claimed profile as the claim endpoints answer it (`status` added beside the spec's two fields). */
export const claimSchema = z.object({
  steam_id: z.string(),
  visibility: z.enum(['public', 'private']),
  status: claimStatusSchema,
});
export type Claim = z.infer<typeof claimSchema>;

/** A profile the signed-in user has claimed, as /my-profile lists it (pending and rejected claims included). */
export const ownedProfileSchema = z.object({
  steam_id: z.string(),
  /** The name shown: the one the owner chose, else the last one seen in a log. */
  name: z.string(),
  /** The last name seen in a log. */
  seen_name: z.string(),
  visibility: z.enum(['public', 'private']),
  status: claimStatusSchema,
});
export type OwnedProfile = z.infer<typeof ownedProfileSchema>;

/** POST /v2/claims/{steamId}/{userId} */
export const claimDecisionSchema = z.object({ action: z.enum(['approve', 'reject']) });
export type ClaimDecision = z.infer<typeof claimDecisionSchema>['action'];

/** A pending claim waiting for the caller's decision (GET /v2/claims). */
export const claimReviewSchema = z.object({
  steam_id: z.string(),
  /** The player's name as shown (chosen, else last seen). */
  player_name: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  created_at: z.string(),
  /** Tags of the registered teams the player played for. */
  teams: z.array(z.string()),
});
export type ClaimReview = z.infer<typeof claimReviewSchema>;

/** The answer to a decision. */
export const claimDecisionResultSchema = z.object({
  steam_id: z.string(),
  user_id: z.number().int(),
  status: claimStatusSchema,
});
export type ClaimDecisionResult = z.infer<typeof claimDecisionResultSchema>;
