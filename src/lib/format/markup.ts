/**
 * The site's markup escaping, in one place: text for HTML as Astro escapes it (tables and charts printed as
 * strings must match what components print), and text for XML documents (SVG art, previews, the Atom feed and
 * the sitemap), where characters XML cannot hold must go too.
 */

// The escaping Astro applies to text (escapeHTML) and to attribute values (toAttributeString).
const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&#39;', '"': '&quot;' };

/** Text as Astro escapes an expression's value in HTML. */
export const escapeText = (text: string): string => text.replace(/[&<>'"]/g, (c) => TEXT_ESCAPES[c]!);

/** Characters XML 1.0 does not allow (C0 controls but tab and newlines, U+FFFE/U+FFFF, lone surrogates). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Text made safe for XML content and attribute values (SVG, Atom, sitemap): markup characters escaped,
 * characters XML cannot hold replaced by U+FFFD (a parser would refuse the whole document for one of them).
 */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
