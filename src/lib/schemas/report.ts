import { z } from 'zod';
import { LOG_FORMATS } from '#lib/schemas/log-formats.ts';
import { MATCH_RESULTS, MATCH_TYPES } from './match-constants.ts';
import { teamTagSchema } from './team.ts';
import { plainText } from './text.ts';

/*
 * The contract of a match report (POST /v2/matches/serverlog): its `data` field and its optional fields, as the
 * endpoint reads them (services/ingestion/report.ts) and the OpenAPI document describes them. The report form
 * (report-form.ts) checks the same fields with these rules before sending.
 */

/** The results a competitive or event match may have (a draw or 2-2 is only a friendly's). */
export const COMPETITIVE_RESULTS = MATCH_RESULTS;

/** The `data` field: the two teams (winner first) and the kind of match. */
export const reportDataSchema = z.object({
  teams: z.tuple([teamTagSchema, teamTagSchema], { message: 'must be a list of two team tags, winner first' }),
  kind: z.enum(MATCH_TYPES, { message: "must be 'competitive', 'friendly' or 'event'" }),
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
