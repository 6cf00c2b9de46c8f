import { z } from 'zod';
import { timestampSchema } from './meta.ts';

/** One entry of the log browser: a folder or an uploaded file. */
export const logEntrySchema = z.object({
  name: z.string(),
  path: z.string(),
  type: z.enum(['folder', 'file']),
  size: z.number().int().nonnegative().optional(),
  uploaded_at: timestampSchema.optional(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** GET /v3/logs?path=<folder>. */
export const logListingSchema = z.object({ path: z.string(), entries: z.array(logEntrySchema) });
export type LogListing = z.infer<typeof logListingSchema>;

/** The `path` parameter: '' (root) or slash-separated segments of letters, digits, '.', '-' and '_'. */
export const logPathParam = z
  .string()
  .max(300, 'must be at most 300 characters')
  .transform((p) => p.replace(/^\/+|\/+$/g, ''))
  .refine((p) => p === '' || p.split('/').every((s) => /^[A-Za-z0-9_.-]+$/.test(s) && s !== '.' && s !== '..'), {
    message: "must be a folder or file path like '2026/05' (letters, digits, '.', '-', '_' between slashes)",
  });

/** A row of the log browser page: an entry and, for a file, the matches reported from it that the viewer may see. */
export type LogBrowserRow = LogEntry & { matches: { id: number; series: string }[] };
