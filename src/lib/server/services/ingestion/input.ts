import type { ReportFields } from '#lib/schemas/report.ts';

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
