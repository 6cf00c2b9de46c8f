import { useEffect, useRef, type KeyboardEvent } from 'react';
import { focusTarget, menuMove } from '#lib/client/menu-keys.ts';

/**
 * Keyboard and outside-click behaviour for a `<details>` menu of links (the server renders the `<details>`, which
 * already opens and closes without JavaScript): ArrowDown/ArrowUp move through the links (opening the menu),
 * Home/End jump to the first/last, Escape closes and returns focus to the summary, a click outside closes it.
 */
export function useDisclosureMenu() {
  const details = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const closeOnOutside = (event: PointerEvent) => {
      const root = details.current;
      if (root?.open && event.target instanceof Node && !root.contains(event.target)) root.open = false;
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const root = details.current;
    const move = root ? menuMove(event.key) : undefined;
    if (!root || !move) return;
    const summary = root.querySelector('summary');
    if (move === 'close') {
      if (!root.open) return;
      event.preventDefault();
      root.open = false;
      summary?.focus();
      return;
    }
    event.preventDefault();
    root.open = true;
    const items = [...root.querySelectorAll<HTMLElement>('[data-menu-item]')];
    const current = items.indexOf(document.activeElement as HTMLElement);
    items[focusTarget(move, current, items.length)]?.focus();
  };

  return { details, onKeyDown };
}
