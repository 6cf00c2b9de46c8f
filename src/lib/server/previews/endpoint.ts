import type { APIContext } from 'astro';
import { getDb } from '#lib/server/app.ts';
import { notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { responseWithEtag } from '#lib/server/http/answers/cache-control.ts';
import type { PreviewKind } from '#lib/previews/cards.ts';
import { previewSvg } from '#lib/previews/svg.ts';
import { loadPreviewCard } from './cards.ts';
import { PREVIEW_SEGMENTS, previewPath, previewVersion } from './meta.ts';
import { renderPng } from './render.ts';

/** An image's address names its version, so the bytes at it never change: a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Rendered images by address: a link posted in a busy channel is unfurled by many clients at once. */
const rendered = new Map<string, Buffer>();
const MAX_RENDERED = 256;

function remember(path: string, png: Buffer): Buffer {
  if (rendered.size >= MAX_RENDERED) rendered.delete(rendered.keys().next().value ?? '');
  rendered.set(path, png);
  return png;
}

const KINDS = new Map<string, PreviewKind>(
  Object.entries(PREVIEW_SEGMENTS).map(([kind, segment]) => [segment, kind as PreviewKind]),
);

/**
 * GET /og/{series}/{kind}/{key}/{version}.png (and /og/{series}/home/{version}.png): the preview image, 1200x630
 * PNG. Unknown series, kind or entity (and private ones): JSON 404. An address of an older version (or another
 * spelling of the tag) is redirected to the current one, briefly cacheable; the current one is immutable.
 */
export async function previewImage(
  { params, request }: Pick<APIContext, 'params' | 'request'>,
  segment: string,
): Promise<Response> {
  const kind = KINDS.get(segment);
  const seriesTag = params['series'] ?? '';
  const key = params['key'] ?? '';
  if (!kind) throw notFound(messages.previewKindNotFound(segment));
  const card = await loadPreviewCard(await getDb(), seriesTag, kind, key);
  const path = previewPath(card);
  const version = previewVersion(card);
  const exact = card.series === seriesTag && (kind === 'home' || card.key === key);
  if (!exact || params['version'] !== version) {
    return new Response(null, { status: 302, headers: { location: path, 'cache-control': 'public, max-age=60' } });
  }
  const png = rendered.get(path) ?? remember(path, await renderPng(previewSvg(card)));
  return responseWithEtag(request, png, `"${version}"`, 'public', {
    contentType: 'image/png',
    // The length up front: some unfurlers check an image's size before they download it.
    headers: { 'cache-control': IMMUTABLE, vary: 'Accept-Encoding', 'content-length': String(png.length) },
  });
}
