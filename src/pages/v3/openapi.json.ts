import { endpoint } from '#lib/server/http/answers/respond.ts';
import { cachedJson } from '#lib/server/http/answers/cache-control.ts';
import { openApiDocument } from '#lib/server/openapi/document.ts';

/** The OpenAPI 3.1 document, generated from the shared zod schemas. */
export const GET = endpoint(({ request }) => cachedJson(request, openApiDocument()));
