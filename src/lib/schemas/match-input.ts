import { z } from 'zod';
import { plainText } from './text.ts';

/** POST /v3/series/{series}/matches/{matchId} */
export const matchActionInputSchema = z.object({ action: z.enum(['approve', 'dispute']) });
export type MatchAction = z.infer<typeof matchActionInputSchema>['action'];

/** PUT .../matches/{matchId}/tournament: a tournament tag, or null to take the match out of its tournament. */
export const matchTournamentInputSchema = z.object({
  tournament: z.union([plainText().trim().min(1, 'must not be empty').max(32), z.null()]),
});

/** One cap flip: seconds into the match, the side that took the sector, and the score after it ('N-M'). */
export const capFlipSchema = z.object({
  at: z
    .number()
    .min(0, 'must be >= 0')
    .max(6 * 3600, 'must be within the match'),
  side: z.enum(['Allies', 'Axis']),
  new_score: z.string().regex(/^[0-5]-[0-5]$/, "must be a score such as '3-2'"),
});

/** PUT .../matches/{matchId}/cap_flips */
export const capFlipsInputSchema = z.object({
  cap_flips: z.array(capFlipSchema).max(200, 'must have at most 200 cap flips'),
});

const strongpointName = plainText().max(64, 'must be at most 64 characters');

/**
 * One layout entry: a strongpoint name, null (not known), or a small object naming it (older and foreign shapes);
 * bounded, so that what every visitor of the match is served stays small.
 */
const layoutEntrySchema = z.union([
  strongpointName,
  z.null(),
  z
    .strictObject({ name: strongpointName.optional(), strongpoint: strongpointName.optional() })
    .transform(({ name, strongpoint }) => ({
      ...(name === undefined ? {} : { name }),
      ...(strongpoint === undefined ? {} : { strongpoint }),
    })),
]);
export type LayoutEntry = z.infer<typeof layoutEntrySchema>;

/** PUT .../matches/{matchId}/layout: the sectors of the map as played (names or small objects). */
export const layoutInputSchema = z.object({
  layout: z.array(layoutEntrySchema).max(25, 'must have at most 25 entries'),
});

/** PATCH .../matches/{matchId}: stream links by streamer name (the whole map is replaced). */
export const streamsInputSchema = z.object({
  streams: z
    .record(
      plainText().trim().min(1, 'stream names must not be empty').max(64, 'stream names must be at most 64 characters'),
      z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' }),
    )
    .refine((value) => Object.keys(value).length <= 20, 'must have at most 20 streams'),
});

/** The answer to approve and dispute. */
export const matchActionResultSchema = z.object({ match_id: z.number(), calculation_status: z.string() });
export type MatchActionResult = z.infer<typeof matchActionResultSchema>;
