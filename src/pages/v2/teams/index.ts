import { getDb } from '#lib/server/app.ts';
import { endpoint, jsonResponse } from '#lib/server/http/answers/respond.ts';
import { listLiveTeamTags } from '#lib/server/services/ingestion/hlu.ts';

/** The live teams as [{tag, name}] sorted by tag: HLU's team picker. Public. */
export const GET = endpoint(async () => jsonResponse(await listLiveTeamTags(await getDb())));
