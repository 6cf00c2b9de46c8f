import { endpoint } from '#lib/server/http/answers/respond.ts';
import { robots } from '#lib/server/feeds/endpoints.ts';

/** GET /robots.txt: crawl the public pages, not the signed-in ones; where the sitemap is. */
export const GET = endpoint(robots);
