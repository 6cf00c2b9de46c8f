import { createHash } from 'node:crypto';
import type { PageMeta } from '#lib/schemas/page-meta.ts';
import type { PreviewCard } from '#lib/previews/cards.ts';
import { cardAlt, cardDescription } from '#lib/previews/words.ts';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '#lib/previews/draw.ts';

/** Bump when the drawing changes, so that every image gets a new address and chats fetch the new look. */
const DESIGN = 2;

/** The URL segment of each kind of preview. */
export const PREVIEW_SEGMENTS = {
  team: 'teams',
  match: 'matches',
  player: 'players',
  tournament: 'tournaments',
  home: 'home',
} as const satisfies Record<PreviewCard['kind'], string>;

/** The version of a card: a hash of everything the image shows, so a change of any of it changes the address. */
export function previewVersion(card: PreviewCard): string {
  return createHash('sha256')
    .update(`${DESIGN}\n${JSON.stringify(card)}`)
    .digest('base64url')
    .slice(0, 16);
}

/** The image's address: /og/{series}/{kind}/{key}/{version}.png (the home page's has no key). */
export function previewPath(card: PreviewCard): string {
  const enc = encodeURIComponent;
  const key = card.kind === 'home' ? '' : `/${enc(card.key)}`;
  return `/og/${enc(card.series)}/${PREVIEW_SEGMENTS[card.kind]}${key}/${previewVersion(card)}.png`;
}

const TYPES: Record<PreviewCard['kind'], PageMeta['type']> = {
  team: 'profile',
  player: 'profile',
  match: 'article',
  tournament: 'website',
  home: 'website',
};

/** The meta of a page that has a preview: its description in words and the image. */
export function previewMeta(card: PreviewCard): PageMeta {
  return {
    description: cardDescription(card),
    type: TYPES[card.kind],
    image: { path: previewPath(card), width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, alt: cardAlt(card) },
  };
}
