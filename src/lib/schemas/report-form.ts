import { z } from 'zod';
import { COMPETITIVE_RESULTS, reportDataSchema, reportFieldsSchema } from './report.ts';
import { isYearless, LOG_FORMATS } from '#lib/schemas/log-formats.ts';

/**
 * The report form of /statistics/matches/report as the island holds it (every field as typed text, '' = not
 * given, i.e. "use what the log says") and the checks it makes before sending; the server checks the same fields
 * again (POST /v2/matches/serverlog) and its 400 lands next to the field it names.
 */
export const REPORT_FORMATS = ['', ...LOG_FORMATS] as const;

export interface ReportFormValues extends Record<string, unknown> {
  winner: string;
  loser: string;
  kind: 'competitive' | 'friendly' | 'event';
  event: string;
  result: string;
  map: string;
  /** A datetime-local value ('2026-05-12T19:02'), in the reporter's time zone. */
  date: string;
  duration: string;
  victor_side: '' | 'Allies' | 'Axis';
  title: string;
  url: string;
  visibility: 'public' | 'private';
  format: (typeof REPORT_FORMATS)[number];
  year: string;
  file: File | null;
}

const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);

export const reportFormSchema = z
  .object({
    winner: z.string().min(1, 'Choose the winning team'),
    loser: z.string().min(1, 'Choose the losing team'),
    kind: reportDataSchema.shape.kind,
    event: z.string(),
    result: optional(z.enum(COMPETITIVE_RESULTS, { message: 'must be 5-0, 4-1 or 3-2' })),
    map: z.string(),
    date: z.string(),
    duration: optional(z.string().regex(/^\d{1,3}$/, 'must be whole minutes')),
    victor_side: z.enum(['', 'Allies', 'Axis']),
    title: z.string().max(200, 'must be at most 200 characters'),
    url: optional(reportFieldsSchema.shape.url.unwrap()),
    visibility: z.enum(['public', 'private']),
    format: z.enum(REPORT_FORMATS),
    year: z.string(),
    file: z.custom<File | null>(),
  })
  // One pass over the whole form, so that every problem shows at once (a missing file and the same team twice).
  .superRefine((values, ctx) => {
    if (!values.file) ctx.addIssue({ code: 'custom', path: ['file'], message: 'Choose the log file of the match' });
    if (values.winner && values.winner === values.loser)
      ctx.addIssue({ code: 'custom', path: ['loser'], message: 'The loser must be another team than the winner' });
    if (values.kind === 'event' && !values.event)
      ctx.addIssue({ code: 'custom', path: ['event'], message: 'Choose the tournament of this event match' });
    if (isYearless(values.format) && values.year !== '' && !/^\d{4}$/.test(values.year))
      ctx.addIssue({ code: 'custom', path: ['year'], message: 'Give the year as four digits, or leave it empty' });
  });
export type ReportFormData = z.output<typeof reportFormSchema> & { file: File };

/** The multipart body of POST /v2/matches/serverlog for `values`; `match` picks one match of a file with several. */
export function reportFormData(values: z.output<typeof reportFormSchema>, match?: number, backdated = false): FormData {
  if (!values.file) throw new Error('The report form was sent without its file');
  const form = new FormData();
  form.set('data', JSON.stringify({ teams: [values.winner, values.loser], kind: values.kind }));
  form.set('file', values.file, values.file.name);
  const optionalFields: Record<string, string> = {
    format: values.format,
    result: values.result,
    map: values.map,
    duration: values.duration,
    victor_side: values.victor_side,
    title: values.title.trim(),
    url: values.url,
    event: values.kind === 'event' ? values.event : '',
    year: isYearless(values.format) ? values.year : '',
    // datetime-local has no zone: the browser reads it in the reporter's own.
    date: values.date ? new Date(values.date).toISOString() : '',
  };
  for (const [name, value] of Object.entries(optionalFields)) if (value) form.set(name, value);
  form.set('visibility', values.visibility);
  if (match !== undefined) form.set('match', String(match));
  if (backdated) form.set('backdated', 'true');
  return form;
}

/** One match of a log file with several, as the server lists them (MultipleMatches). */
export const matchCandidateSchema = z.object({
  index: z.number().int(),
  start: z.string(),
  end: z.string(),
  map: z.string(),
  score: z.string(),
});
export type MatchCandidate = z.infer<typeof matchCandidateSchema>;

/** The 400 body of a file with several matches: `{error: sentence, code: 'MultipleMatches', matches}`. */
export const multipleMatchesSchema = z.object({
  error: z.string(),
  code: z.enum(['MultipleMatches', 'MatchIndexOutOfRange']),
  matches: z.array(matchCandidateSchema),
});

/** The 400 answer to a match dated long ago or before its series' first match: the date read, to be confirmed. */
export const backdatedSchema = z.object({
  error: z.string(),
  code: z.literal('BackdatedNotConfirmed'),
  date: z.string(),
});
export type Backdated = z.infer<typeof backdatedSchema>;

/** The 409 answer to a report of a game already stored: the catalogue's words and the match to approve or dispute. */
export const sameGameSchema = z.object({
  error: z.string(),
  match_id: z.number().int().positive(),
  series: z.string(),
});
export type SameGame = z.infer<typeof sameGameSchema>;
