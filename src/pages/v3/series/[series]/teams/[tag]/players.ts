import { readEndpoints } from '#lib/server/http/answers/read-endpoints.ts';

/** Public read: its handler, cache and errors are in read-endpoints.ts (imported above). */
export const GET = readEndpoints.teamPlayers;
