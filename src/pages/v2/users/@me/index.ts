import { endpoint, jsonResponse } from '#lib/server/http/answers/respond.ts';
import { getDb } from '#lib/server/app.ts';
import { getMe } from '#lib/server/services/me.ts';

/** The signed-in user, or the team of the API key; 401 when signed out. */
export const GET = endpoint(async ({ locals }) => jsonResponse(await getMe(await getDb(), locals.actor)));
