import { z } from 'zod';
import { plainText } from './text.ts';
import { MATCH_RESULTS } from './match-constants.ts';

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

/** Stream links by streamer name (the whole map is replaced). */
const streamsSchema = z
  .record(
    plainText().trim().min(1, 'stream names must not be empty').max(64, 'stream names must be at most 64 characters'),
    z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' }),
  )
  .refine((value) => Object.keys(value).length <= 20, 'must have at most 20 streams');

/** PATCH .../matches/{matchId} as the streams editor sends it. */
export const streamsInputSchema = z.object({ streams: streamsSchema });

/** The earliest date a match may be corrected to (Hell Let Loose's first public release was in 2019). */
const EARLIEST_MATCH = Date.UTC(2019, 0, 1);

/**
 * PATCH .../matches/{matchId}: a correction of the report and/or its stream links, each field optional (the server
 * asks for at least one). `date` when it was played; `winner` (a tag of one of its two teams: naming the loser swaps
 * them), `result` (winner first) and `victor_side` (the side the winner played) make its result.
 */
export const matchPatchInputSchema = z.object({
  streams: streamsSchema.optional(),
  date: z.iso
    .datetime({ offset: true, message: 'must be a date and time such as 2026-03-01T18:00:00Z' })
    .transform((text) => new Date(text))
    .refine((date) => date.getTime() >= EARLIEST_MATCH, 'must be in 2019 or later')
    .optional(),
  winner: plainText().trim().min(1, 'must not be empty').max(32, 'must be at most 32 characters').optional(),
  result: z.enum(MATCH_RESULTS, { message: 'must be 5-0, 4-1 or 3-2' }).optional(),
  victor_side: z.enum(['Allies', 'Axis'], { message: 'must be Allies or Axis' }).optional(),
});
export type MatchPatchInput = z.output<typeof matchPatchInputSchema>;
/** The correction part of a PATCH (what services/match-corrections.ts applies). */
export type MatchCorrection = Omit<MatchPatchInput, 'streams'>;

/** The answer to approve and dispute. */
export const matchActionResultSchema = z.object({ match_id: z.number(), calculation_status: z.string() });
export type MatchActionResult = z.infer<typeof matchActionResultSchema>;
