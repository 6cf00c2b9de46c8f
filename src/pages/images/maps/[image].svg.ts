import { endpoint } from '#lib/server/http/answers/respond.ts';
import { notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { responseWithEtag, etagOf } from '#lib/server/http/answers/cache-control.ts';
import { bannerSvg } from '#lib/map-art/banner.ts';
import { bannerVariant } from '#lib/map-art/catalogue.ts';

/** GET /images/maps/{image}.svg: the banner of a layer image of the map catalogue ('carentan-day'), drawn here. */
export const GET = endpoint(({ params, request }) => {
  const variant = bannerVariant(params['image'] ?? '');
  if (!variant) throw notFound(messages.mapNotFound(params['image'] ?? ''));
  const svg = bannerSvg(variant);
  // The art changes only with a deployment; a day in the browser, then revalidated by its ETag.
  return responseWithEtag(request, svg, etagOf(svg), 'public', {
    contentType: 'image/svg+xml; charset=utf-8',
    headers: { 'cache-control': 'public, max-age=86400' },
  });
});
