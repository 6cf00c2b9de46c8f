import { endpoint, json } from '../../../../lib/server/http/respond.ts';
import { getDb } from '../../../../lib/server/db/index.ts';
import { requireSeries, toSeries } from '../../../../lib/server/services/series.ts';

export const GET = endpoint(async ({ params }) => json(toSeries(await requireSeries(await getDb(), params.series ?? ''))));
