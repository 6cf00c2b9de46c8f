import { z } from 'zod';
import { plainText } from './text.ts';

/** POST /v3/series/{series}/players/{steamId} */
export const playerActionInputSchema = z.object({
  action: z.literal('change_primary_name'),
  name: plainText().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters'),
});
