/**
 * What a page tells link unfurlers (Discord, chats, search engines) about itself: the description, the Open Graph
 * type and, on the pages that have one, the preview image. Built by the page loaders
 * (src/lib/server/previews/meta.ts) and written into <head> by the Shell layout alone.
 */
export interface PageImage {
  /** The image's address on this site (a path: the layout makes it absolute with the public origin). */
  path: string;
  width: number;
  height: number;
  alt: string;
}

export interface PageMeta {
  description: string;
  /** og:title when the page's own title says too little out of context (the home page: the site and the season). */
  title?: string | undefined;
  /** Open Graph type: 'profile' for a team or player, 'article' for a match, 'website' otherwise. */
  type: 'website' | 'profile' | 'article';
  image?: PageImage | undefined;
}
