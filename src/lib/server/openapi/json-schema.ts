import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** Shared definitions of the schemas made so far (a zod schema used twice, a recursive one), by component name. */
const definitions: Record<string, JsonSchema> = {};
let made = 0;

/**
 * JSON Schema of a zod schema; a schema zod cannot represent becomes `{}` rather than failing the document. Its
 * `$defs` move to the document's components (definitionsOf), since `#/$defs/...` inside an OpenAPI document would
 * point at the document's root.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  let result: JsonSchema;
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      target: 'draft-2020-12',
    }) as JsonSchema;
    result = rest;
  } catch {
    return {};
  }
  const defs = result['$defs'] as Record<string, JsonSchema> | undefined;
  if (!defs) return result;
  delete result['$defs'];
  const names = new Map(Object.keys(defs).map((name) => [name, `Def${++made}_${name.replace(/\W/g, '')}`]));
  const moved = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value).replace(/"#\/\$defs\/([^"]+)"/g, (_all, name: string) =>
        JSON.stringify(`#/components/schemas/${names.get(name) ?? name}`),
      ),
    ) as JsonSchema;
  for (const [name, definition] of Object.entries(defs)) definitions[names.get(name)!] = moved(definition);
  return moved(result);
}

/** The definitions jsonSchemaOf moved out of the schemas it made, for the document's components. */
export function definitionsOf(): Record<string, JsonSchema> {
  return definitions;
}
