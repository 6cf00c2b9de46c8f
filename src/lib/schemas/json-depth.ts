/** Deepest nesting of arrays and objects a JSON body may have: every recursive walk (checks, schemas) stays shallow. */
export const MAX_JSON_DEPTH = 400;

/**
 * The deepest nesting of `[`/`{` in JSON text, counted in one pass without recursion (brackets inside strings are
 * skipped), so that a body nested thousands deep is refused before JSON.parse and any recursive walk see it.
 * Stops counting once `limit` is passed.
 */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return deepest;
}

/** Whether JSON text nests deeper than MAX_JSON_DEPTH. */
export const tooDeep = (text: string): boolean => jsonDepth(text) > MAX_JSON_DEPTH;
