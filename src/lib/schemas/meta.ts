import { z } from 'zod';

/** The error body every failing API call answers with. */
export const errorSchema = z.object({ error: z.string() }).loose();
export type ApiError = z.infer<typeof errorSchema>;

/** Paging metadata of list responses: `count` items in this page, starting at `offset`, of `total_count`. */
export const pageMetaSchema = z.object({
  count: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  total_count: z.number().int().nonnegative(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** An ISO 8601 timestamp as the API writes dates. */
export const timestampSchema = z.iso.datetime({ offset: true });

/** Largest page any list call returns. */
export const MAX_PAGE_SIZE = 100;

/** A non-negative integer query parameter ('0', '25'); rejects '-1', '1.5', 'abc'. */
export const offsetParam = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a non-negative integer')
  .transform(Number);

/** A page size query parameter between 1 and MAX_PAGE_SIZE. */
export const limitParam = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a positive integer')
  .transform(Number)
  .pipe(z.number().int().min(1, 'must be at least 1').max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`));

/** A boolean query parameter: exactly 'true' or 'false'. */
export const booleanParam = z
  .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
  .transform((v) => v === 'true');

/** The paging parameters of list calls; `defaultLimit` applies when `limit` is absent. */
export function pagingQuery(defaultLimit: number) {
  return z.object({
    offset: offsetParam.optional().transform((v) => v ?? 0),
    limit: limitParam.optional().transform((v) => v ?? defaultLimit),
  });
}
