/*
 * (Without zod: islands check text with these too.) Text from outside (paths, queries, JSON bodies, form fields, log files) must never carry C0 control characters
 * (U+0000-U+001F) or unpaired surrogates (a JSON body may spell '\ud800') into the database: PostgreSQL refuses NUL
 * in text and unpaired surrogates in jsonb outright, and the others are invisible junk in names. Input refuses
 * them with a 400 naming the field; parsed log text has them replaced.
 */

// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
export const CONTROL = /[\u0000-\u001f]/;
// eslint-disable-next-line no-control-regex -- the same, without tab, line feed and carriage return
export const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
// eslint-disable-next-line no-control-regex -- every control character, for replacing
const CONTROL_ALL = /[\u0000-\u001f]/g;
// eslint-disable-next-line no-control-regex -- the same, without tab, line feed and carriage return
const CONTROL_ALL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

export const NO_CONTROL_MESSAGE = 'must not contain control characters';
export const NO_CONTROL_BUT_LINE_BREAKS_MESSAGE = 'must not contain control characters other than line breaks and tabs';
export const NOT_WELL_FORMED_MESSAGE = 'must be well-formed Unicode (no unpaired surrogates)';

/**
 * True when `value` holds a C0 control character (with `lineBreaks`, tab, LF and CR are allowed) or an unpaired
 * surrogate.
 */
export function hasControlCharacters(value: string, options: { lineBreaks?: boolean } = {}): boolean {
  return (options.lineBreaks ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value) || !value.isWellFormed();
}

/** Why `value` is no acceptable text from outside (the end of a 400 message), or undefined when it is. */
export function textProblem(value: string, options: { lineBreaks?: boolean } = {}): string | undefined {
  if (!value.isWellFormed()) return NOT_WELL_FORMED_MESSAGE;
  if ((options.lineBreaks ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value))
    return options.lineBreaks ? NO_CONTROL_BUT_LINE_BREAKS_MESSAGE : NO_CONTROL_MESSAGE;
  return undefined;
}

/**
 * `value` with every C0 control character (with `lineBreaks`, except tab, LF and CR) and unpaired surrogate
 * replaced by U+FFFD, so that what was there stays visible.
 */
export function replaceControlCharacters(value: string, options: { lineBreaks?: boolean } = {}): string {
  return value.toWellFormed().replace(options.lineBreaks ? CONTROL_ALL_BUT_LINE_BREAKS : CONTROL_ALL, '\uFFFD');
}
