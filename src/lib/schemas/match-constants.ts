/**
 * The fixed value lists of a match, without zod: the schemas build on them (match.ts re-exports them), and islands
 * read them without loading a schema.
 */
export const MATCH_TYPES = ['friendly', 'competitive', 'event'] as const;
export const CALCULATION_STATUSES = ['pending', 'queued', 'processing', 'posted', 'skipped', 'disputed'] as const;
export const MATCH_RESULTS = ['5-0', '4-1', '3-2'] as const;

/** Repeated filter parameters of the match list (each may appear several times; any value matches). */
export const MATCH_FILTER_KEYS = ['team', 'map', 'type', 'tournament', 'result', 'status'] as const;
