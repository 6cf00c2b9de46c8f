import { endpoint } from '#lib/server/http/answers/respond.ts';
import { previewImage } from '#lib/server/previews/endpoint.ts';

/** GET /og/{series}/home/{version}.png: the home page's link preview image (the series' top 5 and figures). */
export const GET = endpoint((context) => previewImage(context, 'home'));
