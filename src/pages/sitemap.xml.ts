import { endpoint } from '#lib/server/http/answers/respond.ts';
import { sitemap } from '#lib/server/feeds/endpoints.ts';

/** GET /sitemap.xml: every public page of the current series. */
export const GET = endpoint(sitemap);
