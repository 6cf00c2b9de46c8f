/**
 * The machine code of each sentence of the message catalogue (messages.ts), so that every refusal answers
 * `{ error: sentence, code }`. A catalogue entry's code is its name in PascalCase (`reportSameGame` ->
 * `ReportSameGame`); a sentence made by an entry is looked up by its text. Sentences made with a caller's words are
 * many: the latest ones are kept, and one no longer kept answers its status' code.
 */
const KEPT_AT_MOST = 4096;
const codes = new Map<string, string>();

/** `reportSameGame` -> `ReportSameGame`. */
export function codeName(entry: string): string {
  return entry.charAt(0).toUpperCase() + entry.slice(1);
}

/** Records that `sentence` is the catalogue's `code`; returns the sentence. */
export function recordCode(sentence: string, code: string): string {
  if (codes.size >= KEPT_AT_MOST && !codes.has(sentence)) codes.delete(codes.keys().next().value as string);
  codes.set(sentence, code);
  return sentence;
}

/** The catalogue code of a sentence made by the catalogue, else undefined. */
export function codeOfSentence(sentence: string): string | undefined {
  return codes.get(sentence);
}

/** The code of a refusal whose sentence is not the catalogue's, by its HTTP status. */
export const STATUS_CODES: Record<number, string> = {
  400: 'InvalidRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  413: 'UploadTooLarge',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'Unavailable',
};

/**
 * The catalogue with every entry coded: a constant sentence is recorded at once, a function's sentence each time it
 * is made. The entries keep their types.
 */
export function coded<T extends Record<string, string | ((...args: never[]) => string)>>(catalogue: T): T {
  const out: Record<string, unknown> = {};
  for (const [entry, value] of Object.entries(catalogue)) {
    const code = codeName(entry);
    out[entry] =
      typeof value === 'string'
        ? recordCode(value, code)
        : (...args: never[]) => recordCode((value as (...a: never[]) => string)(...args), code);
  }
  return out as T;
}
