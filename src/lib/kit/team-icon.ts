/**
 * Team and tournament icons (spec section 9): Discord CDN images are asked for at the size shown, through a
 * resizing host with width and height parameters; anything else that is not an http(s) URL is not shown, and the
 * initials of the tag on a token colour stand in (also when the image cannot load, so nothing needs the network).
 */

/** Hosts whose images are Discord attachments or avatars. */
const DISCORD_HOST = /(^|\.)discordapp\.(com|net)$|(^|\.)discord\.com$/i;

/**
 * The address to load `icon` from at `size` px, or null when it is not an http(s) URL. A Discord image is moved
 * to `resizeOrigin` (e.g. 'https://media.discordapp.net', from ICON_RESIZE_URL) with `width` and `height` set,
 * keeping its path and signed parameters; with no resizeOrigin it keeps its host and only gains the size.
 */
export function iconUrl(icon: string | null | undefined, size: number, resizeOrigin: string | null): string | null {
  if (!icon) return null;
  let url: URL;
  try {
    url = new URL(icon);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!DISCORD_HOST.test(url.hostname)) return url.toString();
  const target = resizeOrigin ? new URL(url.pathname + url.search, resizeOrigin) : url;
  target.searchParams.set('width', String(size));
  target.searchParams.set('height', String(size));
  return target.toString();
}

/** Up to two letters or digits of a tag, upper-cased: '[7DR]' -> '7D', 'ab.c' -> 'AB'; '?' when it has none. */
export function initials(tag: string): string {
  const chars = [...tag.normalize('NFC')].filter((c) => /[\p{L}\p{N}]/u.test(c));
  return chars.length ? chars.slice(0, 2).join('').toUpperCase() : '?';
}

export const ICON_TONES = 6;

/** A stable colour tone 1..ICON_TONES for a tag, so a team's fallback icon looks the same on every page. */
export function iconTone(tag: string): number {
  let hash = 0;
  for (const c of tag) hash = (hash * 31 + (c.codePointAt(0) ?? 0)) >>> 0;
  return (hash % ICON_TONES) + 1;
}
