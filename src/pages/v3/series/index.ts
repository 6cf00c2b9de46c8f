import { endpoint } from '../../../lib/server/http/respond.ts';
import { cachedJson } from '../../../lib/server/http/cache.ts';
import { getDb } from '../../../lib/server/db/index.ts';
import { getSeriesList } from '../../../lib/server/services/series.ts';

export const GET = endpoint(async ({ request }) => cachedJson(request, await getSeriesList(await getDb())));
