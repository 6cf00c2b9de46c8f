import { readEndpoints } from '#lib/server/services/read/endpoints.ts';

/** Public read (see services/read/endpoints.ts). */
export const GET = readEndpoints.teamPlayers;
