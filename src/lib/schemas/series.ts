import { z } from 'zod';

/** A series (season) as the API returns it. */
export const seriesSchema = z.object({
  tag: z.string(),
  name: z.string(),
  current: z.boolean(),
});
export type Series = z.infer<typeof seriesSchema>;

export const seriesListSchema = z.array(seriesSchema);

/** A series tag as written in URLs and the CLI. */
export const seriesTagSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/, 'must be 1-32 letters, digits, dots, dashes or underscores');
