import fc from 'fast-check';

/*
 * fast-check arbitraries of what an attacker sends: strings with control characters (NUL first), lone surrogates,
 * percent signs, SQL, very long text; JSON bodies shaped by an operation's JSON Schema with hostile leaves.
 */

type JsonSchema = Record<string, unknown>;

const CONTROLS = ['\u0000', 'a\u0000b', 'ALPHA\u0000', '\u0001', '\u001f', '\t', '\r\n', '\u007f'];
const SURROGATES = ['\uD800', 'x\uDFFFy', '\uDBFF', 'A\uD83D'];
/** Properties of every plain object: a lookup keyed by one of them finds a function instead of a miss. */
export const PROPERTY_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'prototype'];
const NASTY = [
  ...PROPERTY_NAMES,
  '\uFFFE',
  '%00',
  '%',
  '%%',
  '..',
  '../../etc/passwd',
  "'; drop table teams; --",
  '\\',
  '"',
  '<script>alert(1)</script>',
  'ÄÖÜ ß',
  '日本語',
  '🙂',
  '',
  ' ',
  'null',
  '-1',
  '1e400',
  '9'.repeat(30),
  'x'.repeat(3000),
];

/** A hostile string: one of the classics, or random text with any code point (surrogates and controls included). */
export const hostileString = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...CONTROLS) },
  { weight: 1, arbitrary: fc.constantFrom(...SURROGATES) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 16 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROLS, ...SURROGATES))
      .map(([a, b]) => a + b),
  },
);

/** Text that passes most checks, so that a request gets as far as the database. */
const plausibleString = fc.oneof(
  fc.constantFrom('ALPHA', 'BRAVO', 'CUP', 'NEWTAG', 'A name', 'https://example.org/icon.png', '3-2', 'public'),
  fc.string({ minLength: 1, maxLength: 12 }),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308),
);

/** An arbitrary JSON value whose strings and keys are hostile. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    plausibleString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/**
 * Values shaped by `schema` (objects with their properties, arrays, enums) whose leaves are sometimes valid and
 * sometimes hostile, so that requests get past the first checks and carry hostile text deeper in.
 */
export function shapedBy(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return hostileJson;
  const options: fc.Arbitrary<unknown>[] = [];
  const values = (schema['enum'] as unknown[] | undefined) ?? ('const' in schema ? [schema['const']] : undefined);
  if (values?.length) options.push(fc.constantFrom(...values));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const alternatives = schema[key] as JsonSchema[] | undefined;
    if (alternatives?.length) options.push(...alternatives.map((alternative) => shapedBy(alternative, depth + 1)));
  }
  const types = [schema['type']].flat().filter((t): t is string => typeof t === 'string');
  for (const type of types) {
    if (type === 'object') {
      const properties = (schema['properties'] as Record<string, JsonSchema> | undefined) ?? {};
      const shaped = fc.record(
        Object.fromEntries(Object.entries(properties).map(([name, sub]) => [name, shapedBy(sub, depth + 1)])),
        { requiredKeys: [] },
      );
      const extra = fc.dictionary(hostileString, hostileJson, { maxKeys: 2 });
      options.push(fc.tuple(shaped, extra).map(([known, more]) => ({ ...more, ...known })));
    } else if (type === 'array') {
      options.push(fc.array(shapedBy(schema['items'] as JsonSchema | undefined, depth + 1), { maxLength: 4 }));
    } else if (type === 'string') {
      if (schema['format'] === 'date-time') options.push(fc.constantFrom('2026-05-01T20:00:00Z', '2026-13-45T99:00'));
      if (schema['format'] === 'uri') options.push(fc.constantFrom('https://example.org/x', 'https://a.b/\u0000'));
      options.push(plausibleString, hostileString);
    } else if (type === 'number' || type === 'integer') options.push(hostileNumber);
    else if (type === 'boolean') options.push(fc.boolean());
    else if (type === 'null') options.push(fc.constant(null));
  }
  if (options.length === 0) return hostileJson;
  return fc.oneof(...options, hostileJson);
}
