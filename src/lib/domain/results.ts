/** A match result ('5-0', winner first) in words: pure, shared by the rating pass, link previews and Discord posts. */

/** True for a result such as '2-2' (equal sector counts): a draw, rated as one. */
export function isDrawnResult(result: string): boolean {
  const m = /^(\d+)-(\d+)$/.exec(result);
  return m !== null && m[1] === m[2];
}

/** How the first team of a result fared against the second: 'beat', or 'drew with' for a draw. */
export function outcomeVerb(result: string): 'beat' | 'drew with' {
  return isDrawnResult(result) ? 'drew with' : 'beat';
}
