/** Small readers of server-rendered HTML for page tests (no DOM): text without tags, a section by its id. */

/** The visible text of `html`: tags dropped, entities of quotes and ampersands decoded, whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The HTML of the element with `id` up to its closing tag (the element must not nest its own tag name). */
export function sectionById(html: string, id: string): string | undefined {
  const start = html.search(new RegExp(`<(\\w+)[^>]*\\sid="${id}"`));
  if (start < 0) return undefined;
  const tag = /^<(\w+)/.exec(html.slice(start))?.[1] ?? 'section';
  const end = html.indexOf(`</${tag}>`, start);
  return html.slice(start, end < 0 ? undefined : end + tag.length + 3);
}

/** The rows of the first table in `html`, each as the text of its cells. */
export function tableRows(html: string): string[][] {
  const body = /<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => textOf(c[1] ?? '')),
  );
}
