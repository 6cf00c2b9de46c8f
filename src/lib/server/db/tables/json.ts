import type { ColumnType } from 'kysely';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** A jsonb column: read as parsed JSON; written as a JSON string (use `jsonText()` from db/json-text.ts). */
export type Json<T = JsonValue> = ColumnType<T, string, string>;
/** A jsonb column with a database default: optional on insert, written as JSON text, read as parsed JSON. */
export type JsonWithDefault<T = JsonValue> = ColumnType<T, string | undefined, string>;
