import { z } from 'zod';

/*
 * Text from outside (paths, queries, JSON bodies, form fields, log files) must never carry C0 control characters
 * (U+0000-U+001F) or unpaired surrogates (a JSON body may spell '\ud800') into the database: PostgreSQL refuses NUL
 * in text and unpaired surrogates in jsonb outright, and the others are invisible junk in names. Input refuses
 * them with a 400 naming the field; parsed log text has them replaced.
 */

// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const CONTROL = /[\u0000-\u001f]/;
// eslint-disable-next-line no-control-regex -- the same, without tab, line feed and carriage return
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
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

/** A one-line string from outside: no C0 control characters (tabs and line breaks included), well-formed. */
export function plainText() {
  return z
    .string()
    .refine((value) => value.isWellFormed(), NOT_WELL_FORMED_MESSAGE)
    .refine((value) => !CONTROL.test(value), NO_CONTROL_MESSAGE);
}

/** A multi-line string from outside (a description): line breaks and tabs allowed, other C0 characters not. */
export function multilineText() {
  return z
    .string()
    .refine((value) => value.isWellFormed(), NOT_WELL_FORMED_MESSAGE)
    .refine((value) => !CONTROL_BUT_LINE_BREAKS.test(value), NO_CONTROL_BUT_LINE_BREAKS_MESSAGE);
}

/** Where a parsed JSON value holds bad text: the field's dotted path and the reason. */
export interface TextFinding {
  path: string;
  problem: string;
}

/**
 * The first string (or object key) in a parsed JSON value that holds a control character other than tab, LF and
 * CR, or an unpaired surrogate; undefined when there is none. Runs before any schema so that even fields a schema
 * passes through untyped (record keys, free-form objects) never reach the database with them.
 */
export function findBadText(value: unknown, path: (string | number)[] = []): TextFinding | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value, { lineBreaks: true });
    return problem ? { path: path.join('.') || 'body', problem } : undefined;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findBadText(item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = textProblem(key);
      if (problem) return { path: [...path, replaceControlCharacters(key)].join('.'), problem };
      const found = findBadText(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
