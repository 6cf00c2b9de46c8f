import { endpoint, jsonResponse } from '#lib/server/http/answers/respond.ts';
import { getDb } from '#lib/server/app.ts';
import { listClaimQueue } from '#lib/server/services/claim-reviews.ts';

/** The pending claims the caller may decide (admins: all; managers: their teams' players). */
export const GET = endpoint(async ({ locals }) => jsonResponse(await listClaimQueue(await getDb(), locals.actor)));
