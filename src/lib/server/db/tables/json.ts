import type { ColumnType } from 'kysely';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** A jsonb column: read as parsed JSON; written as a JSON string (use `json()` from ../json.ts). */
export type Json<T = JsonValue> = ColumnType<T, string, string>;
