import { z } from 'zod';

/** The largest key the tables' integer ids hold (PostgreSQL's integer): a larger one names no row. */
const MAX_ID = 2_147_483_647;

/** A row's id in a URL: a positive integer no larger than MAX_ID. */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be a positive integer')
  .transform(Number)
  .pipe(z.number().int().max(MAX_ID, 'is too large'));

/**
 * The id `text` names (idParam), or undefined when it names none: no row has that id, and a number past MAX_ID sent
 * to the database would fail the query instead of finding nothing.
 */
export function idOf(text: string | undefined): number | undefined {
  const parsed = idParam.safeParse(text ?? '');
  return parsed.success ? parsed.data : undefined;
}
