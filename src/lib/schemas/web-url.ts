/** Longest URL the site stores (team and tournament icons and invites). */
export const MAX_URL_LENGTH = 2048;

/**
 * `value` when it is an absolute http(s) URL, else null: what the site stores and prints as a link or image. Used
 * on input (schemas) and on output, so that a value stored before this rule (`javascript:`, `ftp:`) never reaches
 * an `href` or `src`.
 */
export function webUrl(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_URL_LENGTH || !URL.canParse(value)) return null;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:' ? value : null;
}
