import { readEndpoints } from '#lib/server/http/read-endpoints.ts';

/** Public read (see services/read/endpoints.ts). */
export const GET = readEndpoints.seriesList;
