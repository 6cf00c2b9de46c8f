import { z } from 'zod';
import { timestampSchema } from './meta.ts';

/** Decided matches and wins per side (matches without a victor side count in neither). */
export const sideWinsSchema = z.object({
  matches: z.number().int().nonnegative(),
  Allies: z.number().int().nonnegative(),
  Axis: z.number().int().nonnegative(),
});
export type SideWins = z.infer<typeof sideWinsSchema>;

/** The series' best ranked team (or best pending one when none is ranked yet). */
export const topTeamSchema = z.object({
  tag: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  mu: z.number(),
  sigma: z.number(),
  score: z.number(),
  num_matches: z.number().int().nonnegative(),
});

/**
 * GET /v3/series/{series}/statistics. Counts cover public matches and public players only: `matches` entered
 * matches, `teams` active teams, `players` distinct players seen. `by_map` is keyed by the map's display name.
 */
export const seriesStatisticsSchema = z.object({
  matches: z.number().int().nonnegative(),
  teams: z.number().int().nonnegative(),
  players: z.number().int().nonnegative(),
  top_team: topTeamSchema.nullable(),
  win_rates: z.object({
    by_map: z.record(z.string(), sideWinsSchema),
    by_side: sideWinsSchema,
    last_update: timestampSchema.nullable(),
  }),
  last_update: timestampSchema.nullable(),
});
export type SeriesStatistics = z.infer<typeof seriesStatisticsSchema>;
