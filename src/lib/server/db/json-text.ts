/** Serialises a value for a jsonb column (both engines accept JSON text for jsonb parameters). */
export function jsonText(value: unknown): string {
  return JSON.stringify(value ?? null);
}
