import type { z } from 'zod';
import { messages } from './messages.ts';
import { ordinal } from '#lib/format/ordinal.ts';

/**
 * A zod issue's path in words: the field's name, and a list item by its place rather than its index
 * (`['type', 0]` -> name 'type', "its 1st value"); `prefix` names the field the path is inside (`data`).
 */
export function fieldInWords(
  path: readonly PropertyKey[],
  reason: string,
  prefix: string[] = [],
): { name: string; reason: string } {
  const names = [...prefix, ...path.filter((part) => typeof part !== 'number').map(String)];
  const places = path.filter((part): part is number => typeof part === 'number').map((n) => `${ordinal(n + 1)}`);
  const name = names.length ? names.join('.') : 'body';
  if (places.length === 0) return { name, reason };
  const which = places.length === 1 ? `its ${places[0]} value` : `its value at ${places.join(', ')} place`;
  // A schema's own wording continues the sentence ('must be…'); zod's default starts one ('Invalid option…').
  return { name, reason: /^[A-Z]/.test(reason) ? `${which}: ${reason}` : `${which} ${reason}` };
}

/** Describes the first zod issues as "'field': reason" so that a 400 names what is wrong, in words. */
export function describeZodError(
  error: z.ZodError,
  kind: 'parameter' | 'field' = 'field',
  prefix: string[] = [],
): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const { name, reason } = fieldInWords(issue.path, issue.message, prefix);
      return kind === 'parameter' ? messages.invalidParameter(name, reason) : messages.invalidField(name, reason);
    })
    .join('; ');
}
