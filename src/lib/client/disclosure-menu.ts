import { focusTarget, menuMove } from '#lib/client/menu-keys.ts';

/**
 * Keyboard and outside-click behaviour for a `<details>` menu of links (the server renders the `<details>`, which
 * already opens and closes without JavaScript): ArrowDown/ArrowUp move through its `[data-menu-item]`s (opening
 * the menu), Home/End jump to the first/last, Escape closes it and returns focus to the summary, and a press
 * outside closes it.
 */
export function disclosureMenu(details: HTMLDetailsElement): void {
  document.addEventListener('pointerdown', (event) => {
    if (details.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
  });
  details.addEventListener('keydown', (event) => {
    const move = menuMove(event.key);
    if (!move) return;
    const summary = details.querySelector('summary');
    if (move === 'close') {
      if (!details.open) return;
      event.preventDefault();
      details.open = false;
      summary?.focus();
      return;
    }
    event.preventDefault();
    details.open = true;
    const items = [...details.querySelectorAll<HTMLElement>('[data-menu-item]')];
    const current = items.indexOf(document.activeElement as HTMLElement);
    items[focusTarget(move, current, items.length)]?.focus();
  });
}
