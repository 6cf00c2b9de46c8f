import { z } from 'zod';
import { plainText } from './text.ts';

/** Query of GET /feeds/matches.atom: the series (absent: the current one). */
export const feedQuerySchema = z.object({ series: plainText().trim().min(1).max(32).optional() });
