/*
 * The log formats the site reads, one entry each, in the order the report form offers them. An entry's behaviour
 * (recognising, reading and writing a file) is its codec in domain/logs/codecs.ts; this table holds what the rest of the site
 * needs without loading any parser: the API's and the form's choices, labels, file names, the demo's formats.
 * A new format is one entry here, one in domain/logs/codecs.ts and its parse and write modules.
 */

export interface LogFormatEntry {
  readonly id: string;
  /** What the report form calls it. */
  readonly label: string;
  /** The extension of a file written in it (the demo community's uploads). */
  readonly extension: string;
  /** Its dates carry no year (HLU's text export): the report may name one, else the weekday decides. */
  readonly yearless: boolean;
  /** The demo community reports some of its matches in it. */
  readonly inDemo: boolean;
}

export const LOG_FORMAT_TABLE = [
  { id: 'hlu-txt', label: 'HLU text', extension: 'log', yearless: true, inDemo: true },
  { id: 'hlu-csv', label: 'HLU CSV', extension: 'csv', yearless: false, inDemo: true },
  { id: 'hlu-json', label: 'HLU JSON', extension: 'json', yearless: false, inDemo: false },
  { id: 'rcon', label: 'Server log', extension: 'log', yearless: false, inDemo: true },
] as const satisfies readonly LogFormatEntry[];

export type LogFormat = (typeof LOG_FORMAT_TABLE)[number]['id'];

/** Every format's id, in the table's order. */
export const LOG_FORMATS = LOG_FORMAT_TABLE.map((entry) => entry.id) as readonly LogFormat[] as readonly [
  LogFormat,
  ...LogFormat[],
];

/** The table's entry of `format`. */
export function logFormat(format: LogFormat): LogFormatEntry {
  return LOG_FORMAT_TABLE.find((entry) => entry.id === format)!;
}

/** Whether `value` names a format of the table. */
export function isLogFormat(value: unknown): value is LogFormat {
  return LOG_FORMAT_TABLE.some((entry) => entry.id === value);
}

/** Whether `format` names a format whose dates carry no year (the report may give one). */
export function isYearless(format: string | undefined): boolean {
  return LOG_FORMAT_TABLE.some((entry) => entry.id === format && entry.yearless);
}
