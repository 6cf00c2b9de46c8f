import { endpoint, jsonResponse } from '#lib/server/http/answers/respond.ts';
import { getDb } from '#lib/server/app.ts';
import { getApiKeyInfo, rotateTeamApiKey } from '#lib/server/services/api-keys.ts';

/** The key's metadata (never the key): 404 when the team has none. Managers of the team or an admin. */
export const GET = endpoint(async ({ locals, params }) =>
  jsonResponse(await getApiKeyInfo(await getDb(), locals.actor, params.tag ?? '')),
);

/** Creates or rotates the team's key: 201 {api_key}, shown once. Managers of the team or an admin. */
export const POST = endpoint(async ({ locals, params }) =>
  jsonResponse(await rotateTeamApiKey(await getDb(), locals.actor, params.tag ?? ''), 201),
);
