import { endpoint } from '#lib/server/http/answers/respond.ts';
import { previewImage } from '#lib/server/previews/endpoint.ts';

/** GET /og/{series}/{teams|matches|players|tournaments}/{key}/{version}.png: a page's link preview image. */
export const GET = endpoint((context) => previewImage(context, context.params['kind'] ?? ''));
