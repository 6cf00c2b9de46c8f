/** Every API resource schema, for the typed client, the OpenAPI document and the tests. */
export * from './meta.ts';
export * from './series.ts';
export * from './team.ts';
export * from './match.ts';
export * from './player.ts';
export * from './tournament.ts';
export * from './statistics.ts';
export * from './log.ts';
export * from './map.ts';
