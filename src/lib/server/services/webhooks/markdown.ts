/**
 * User text (match titles, team names and tags, map names from logs) in a Discord message: every character that
 * Discord's markdown gives a meaning is escaped, so `**`, `||spoilers||`, code spans, mentions, and `# headings`,
 * `> quotes` and `- lists` at the start show as typed; a masked link `[text](https://…)` loses its parentheses and a
 * bare address its `://`, so neither is a link. Brackets stay as they are (a tag such as `[GL219]` reads as written).
 * Line breaks become spaces. The site's own words and links are never passed through here.
 */
export function escapeDiscord(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\*_~`|<@()]/g, (char) => `\\${char}`)
    .replace(/:\/\//g, '\\://')
    .replace(/^(\s*)([#>-])/, '$1\\$2');
}
