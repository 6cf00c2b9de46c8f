import { z } from 'zod';
import { teamTagSchema } from '#lib/schemas/team.ts';
import { plainText } from '#lib/schemas/text.ts';

import { LOG_FORMATS } from '#lib/domain/logs/formats.ts';

export { LOG_FORMATS };
export const COMPETITIVE_RESULTS = ['5-0', '4-1', '3-2'] as const;

/** The `data` field: the two teams (winner first) and the kind of match. */
export const reportDataSchema = z.object({
  teams: z.tuple([teamTagSchema, teamTagSchema], { message: 'must be a list of two team tags, winner first' }),
  kind: z.enum(['competitive', 'friendly', 'event'], { message: "must be 'competitive', 'friendly' or 'event'" }),
});

const optionalText = (max: number) =>
  plainText().trim().min(1).max(max, `must be at most ${max} characters`).optional();

/**
 * The optional report fields. Each accepts the typed value (service callers) or its form text (the endpoint);
 * an absent or empty form field is `undefined`, i.e. "use what the log says".
 */
export const reportFieldsSchema = z.object({
  format: z.enum(LOG_FORMATS, { message: `must be one of ${LOG_FORMATS.join(', ')}` }).optional(),
  date: z.coerce.date({ message: 'must be a date such as 2026-05-01T20:00:00Z' }).optional(),
  victor_side: z.enum(['Allies', 'Axis'], { message: "must be 'Allies' or 'Axis'" }).optional(),
  duration: z.coerce
    .number({ message: 'must be a number of minutes' })
    .int('must be whole minutes')
    .min(1)
    .max(600)
    .optional(),
  result: z
    .string()
    .trim()
    .regex(/^\d-\d$/, "must look like '3-2' (winner first)")
    .optional(),
  map: optionalText(100),
  match: z.coerce
    .number({ message: 'must be a match index' })
    .int('must be a whole number')
    .min(0)
    .max(1000)
    .optional(),
  url: z
    .url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' })
    .max(2000)
    .optional(),
  event: optionalText(64),
  visibility: z.enum(['public', 'private'], { message: "must be 'public' or 'private'" }).optional(),
  title: optionalText(200),
  year: z.coerce.number({ message: 'must be a year' }).int('must be a year').min(2000).max(2100).optional(),
  username: optionalText(100),
  /** The reporter confirms a date long past or before the series' first match (services/ingestion/dates.ts). */
  backdated: z
    .union([z.boolean(), z.enum(['true', 'false', 'on'])], { message: "must be 'true' or 'false'" })
    .transform((value) => value === true || value === 'true' || value === 'on')
    .optional(),
});

export type ReportData = z.infer<typeof reportDataSchema>;
export type ReportFields = z.infer<typeof reportFieldsSchema>;

/** The uploaded log: its file name and its verbatim bytes (text is encoded as UTF-8). */
export interface ReportFile {
  name: string;
  content: Uint8Array | string;
}

/**
 * Everything a report carries: `data`, the file, and the optional fields (typed or as form text). This is the
 * input of `reportMatch`, shared by the endpoint and direct callers such as the demo generator.
 */
export interface ReportInput extends Partial<Record<keyof ReportFields, unknown>> {
  data: unknown;
  file: ReportFile | undefined;
  /** Where the match came from: 'log' (default) or 'demo'. */
  source?: 'log' | 'demo';
  /** Upload time (default now): names the stored file's folder. */
  now?: Date;
}
