/** The keys a disclosure menu of links answers once hydrated (ui.md: keyboard use of every island). */
export type MenuMove = 'next' | 'previous' | 'first' | 'last' | 'close';

const MOVES: Record<string, MenuMove> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
  Escape: 'close',
};

/** What a key press does in a menu, or undefined for a key it leaves alone (Tab, Enter, letters). */
export function menuMove(key: string): MenuMove | undefined {
  return MOVES[key];
}

/**
 * The item to focus after `move` in a menu of `count` items whose focus is at `current` (-1: none, e.g. on the
 * toggle). Arrows wrap around; with no focus yet, ArrowDown starts at the first item and ArrowUp at the last.
 */
export function focusTarget(move: Exclude<MenuMove, 'close'>, current: number, count: number): number {
  if (count === 0) return -1;
  if (move === 'first') return 0;
  if (move === 'last') return count - 1;
  if (current < 0) return move === 'next' ? 0 : count - 1;
  return (current + (move === 'next' ? 1 : -1) + count) % count;
}

/** The address of the current page with `series` set to `tag`, every other parameter kept. */
export function withSeries(current: URL, tag: string): string {
  const target = new URL(current);
  target.searchParams.set('series', tag);
  return target.pathname + target.search + target.hash;
}
