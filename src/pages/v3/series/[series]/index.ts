import { endpoint } from '../../../../lib/server/http/respond.ts';
import { cachedJson } from '../../../../lib/server/http/cache.ts';
import { getDb } from '../../../../lib/server/db/index.ts';
import { requireSeries, toSeries } from '../../../../lib/server/services/series.ts';

export const GET = endpoint(async ({ params, request }) =>
  cachedJson(request, toSeries(await requireSeries(await getDb(), params.series ?? ''))),
);
