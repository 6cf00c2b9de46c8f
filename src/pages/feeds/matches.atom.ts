import { endpoint } from '#lib/server/http/answers/respond.ts';
import { matchesFeed } from '#lib/server/feeds/endpoints.ts';

/** GET /feeds/matches.atom?series=S3: Atom feed of the series' latest 50 posted matches. */
export const GET = endpoint(matchesFeed);
