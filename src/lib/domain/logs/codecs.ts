import { parseCsv } from './parse/parse-csv.ts';
import { parseJson } from './parse/parse-json.ts';
import { parseRcon, readRconPrefix } from './parse/parse-rcon.ts';
import { parseTxt } from './parse/parse-txt.ts';
import type { LogFormat } from '#lib/schemas/log-formats.ts';
import type { LogEvent, ParsedLog } from './types.ts';
import { writeCsv } from './write/write-csv.ts';
import { writeJson } from './write/write-json.ts';
import { writeRcon } from './write/write-rcon.ts';
import { writeTxt } from './write/write-txt.ts';

/** How a format is recognised, read and written (schemas/log-formats.ts holds what it is called and where it is offered). */
export interface LogCodec {
  /**
   * Recognises the format from the start of a file (BOM removed, leading blank space trimmed): `whole` looks at the
   * text, `header` at its first line, `line` at each of its first lines. The first codec to recognise a file wins:
   * every `whole`, then every `header`, then line by line every `line`, in DETECTION_ORDER.
   */
  readonly recognise: {
    readonly whole?: (text: string) => boolean;
    readonly header?: (firstLine: string) => boolean;
    readonly line?: (line: string) => boolean;
  };
  /** Reads a whole file (`year`: of a yearless format's dates). Throws only LogParseError. */
  readonly parse: (text: string, year: number) => ParsedLog;
  /** Writes events (chronological, absolute UTC times) as a file of the format. */
  readonly write: (events: readonly LogEvent[]) => string;
}

const TXT_LINE = /^\d\d:\d\d:\d\d - [A-Z][a-z]{2}, [A-Z][a-z]{2} \d\d\t/;

export const LOG_CODECS: { readonly [F in LogFormat]: LogCodec } = {
  'hlu-json': {
    recognise: {
      whole: (text) => text.startsWith('{') || text.startsWith('[{') || /^\[\s*(\{|\])/.test(text.slice(0, 40)),
    },
    parse: (text) => parseJson(text),
    write: writeJson,
  },
  'hlu-csv': {
    recognise: { header: (first) => /^"?event_time"?,"?event_type"?/.test(first) },
    parse: (text) => parseCsv(text),
    write: writeCsv,
  },
  'hlu-txt': {
    recognise: {
      line: (line) => line.startsWith('-- Captured and exported using HLL Log Utilities') || TXT_LINE.test(line),
    },
    parse: parseTxt,
    write: (events) => writeTxt(events),
  },
  rcon: {
    recognise: { line: (line) => readRconPrefix(line) !== null },
    parse: (text) => parseRcon(text),
    write: (events) => writeRcon(events),
  },
};

/** The order in which codecs try to recognise a file: the most specific signs first. */
export const DETECTION_ORDER: readonly LogFormat[] = ['hlu-json', 'hlu-csv', 'hlu-txt', 'rcon'];
