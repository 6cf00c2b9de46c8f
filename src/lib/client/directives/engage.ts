import type { ClientDirective } from 'astro';

/** The events that count as a person engaging with an island: a pointer press, a touch, focus or a key press. */
export const ENGAGE_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * Whether a click on `button` does nothing until the island's script runs: a plain button, or a submit button of
 * a form that has no address of its own to send to.
 */
function needsScript(button: HTMLButtonElement): boolean {
  if (button.type === 'button') return true;
  return button.type === 'submit' && button.form !== null && !button.form.hasAttribute('action');
}

/**
 * `client:engage`: hydrates an island on the first engagement inside it, so a visitor who only reads downloads
 * none of its JavaScript. The island's server-rendered HTML must work on its own meanwhile (links, `<details>`,
 * plain forms): the engaging click itself is handled by that HTML, except on a button that only the script can
 * serve: that click is held while the island loads and given to the button again once it has hydrated, so the
 * first press acts instead of being lost.
 *
 * `client:engage="some-event"` also hydrates when `window` receives that event: an island that shows what other
 * islands do (the notifications region) is woken by them instead of by the visitor.
 */
const engage: ClientDirective = (load, options, el) => {
  let started = false;
  let held: { button: HTMLButtonElement; index: number } | undefined;
  const holdClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !el.contains(button) || !needsScript(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held ??= { button, index: [...el.querySelectorAll('button')].indexOf(button) };
  };
  const wake = async () => {
    if (started) return;
    started = true;
    for (const type of ENGAGE_EVENTS) el.removeEventListener(type, wake, true);
    if (windowEvent) window.removeEventListener(windowEvent, wake);
    el.addEventListener('click', holdClick, true);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      el.removeEventListener('click', holdClick, true);
    }
    if (!held) return;
    // Hydration keeps the server's elements when they match; if React had to replace them, take the same position.
    const target = held.button.isConnected ? held.button : el.querySelectorAll('button')[held.index];
    held = undefined;
    // React attaches its handlers during hydration but may commit them a task later.
    setTimeout(() => target?.click(), 0);
  };
  const windowEvent = typeof options.value === 'string' && options.value ? options.value : undefined;
  for (const type of ENGAGE_EVENTS) el.addEventListener(type, wake, { capture: true, passive: true });
  if (windowEvent) window.addEventListener(windowEvent, wake);
};

export default engage;
