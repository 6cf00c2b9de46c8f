import { endpoint, json } from '../../../lib/server/http/respond.ts';
import { getDb } from '../../../lib/server/db/index.ts';
import { getSeriesList } from '../../../lib/server/services/series.ts';

export const GET = endpoint(async () => json(await getSeriesList(await getDb())));
