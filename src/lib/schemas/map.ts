import { z } from 'zod';

/** GET /v3/maps/{map}/caps: the strongpoints (caps) per sector, left to right or top to bottom, and who holds the left. */
export const mapCapsSchema = z.object({
  map: z.string(),
  orientation: z.enum(['horizontal', 'vertical']),
  caps: z.array(z.array(z.string())),
  left_side: z.enum(['Allies', 'Axis']),
});
export type MapCaps = z.infer<typeof mapCapsSchema>;
