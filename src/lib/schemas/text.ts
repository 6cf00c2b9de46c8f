import { z } from 'zod';

import {
  CONTROL,
  CONTROL_BUT_LINE_BREAKS,
  NO_CONTROL_BUT_LINE_BREAKS_MESSAGE,
  NO_CONTROL_MESSAGE,
  NOT_WELL_FORMED_MESSAGE,
  replaceControlCharacters,
  textProblem,
} from './control-characters.ts';

export {
  hasControlCharacters,
  NO_CONTROL_BUT_LINE_BREAKS_MESSAGE,
  NO_CONTROL_MESSAGE,
  NOT_WELL_FORMED_MESSAGE,
  replaceControlCharacters,
  textProblem,
} from './control-characters.ts';

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
