import { endpoint } from '#lib/server/http/answers/respond.ts';
import { notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { responseWithEtag, etagOf } from '#lib/server/http/answers/cache-control.ts';
import { tacticalSvg } from '#lib/map-art/tactical.ts';
import { sectorLayout } from '#lib/map-art/catalogue.ts';
import { mapDisplayName } from '#lib/format/index.ts';

/** GET /images/tactical/{map}.svg: a map's sectors and strongpoints at the start of a match, drawn here. */
export const GET = endpoint(({ params, request }) => {
  const layout = sectorLayout(params['map'] ?? '');
  if (!layout) throw notFound(messages.mapNotFound(params['map'] ?? ''));
  const svg = tacticalSvg(layout, { mapName: mapDisplayName(layout.mapId) });
  return responseWithEtag(request, svg, etagOf(svg), 'public', {
    contentType: 'image/svg+xml; charset=utf-8',
    headers: { 'cache-control': 'public, max-age=86400' },
  });
});
