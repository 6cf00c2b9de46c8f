import type { ClientDirective } from 'astro';

/** The events that count as a person engaging with an island: a pointer press, a touch, focus or a key press. */
export const ENGAGE_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** The controls whose first click may be held for the island: buttons, and links the island takes over. */
const HELD = 'button, a[data-script-click]';

/**
 * Whether a click on `control` is the island's to serve: a plain button, a submit button of a form that has no
 * address of its own to send to, or a link marked `data-script-click` (it works without JavaScript, but once the
 * island runs it does better: 'Refresh' reads the statistics instead of reloading the page).
 */
function needsScript(control: Element): boolean {
  if (!(control instanceof HTMLButtonElement)) return control.hasAttribute('data-script-click');
  if (control.type === 'button') return true;
  return control.type === 'submit' && control.form !== null && !control.form.hasAttribute('action');
}

/**
 * `client:engage`: hydrates an island on the first engagement inside it, so a visitor who only reads downloads
 * none of its JavaScript. The island's server-rendered HTML must work on its own meanwhile (links, `<details>`,
 * plain forms): the engaging click itself is handled by that HTML, except on a button that only the script can
 * serve, or a link marked `data-script-click`: that click is held while the island loads and given to the button again once it has hydrated, so the
 * first press acts instead of being lost.
 *
 * `client:engage="some-event"` also hydrates when `window` receives that event: an island that shows what other
 * islands do (the notifications region) is woken by them instead of by the visitor.
 */
const engage: ClientDirective = (load, options, el) => {
  let started = false;
  let held: { button: Element; index: number } | undefined;
  const holdClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest(HELD) : null;
    if (!button || !el.contains(button) || !needsScript(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held ??= { button, index: [...el.querySelectorAll(HELD)].indexOf(button) };
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
    const target = held.button.isConnected ? held.button : el.querySelectorAll(HELD)[held.index];
    held = undefined;
    // React attaches its handlers during hydration but may commit them a task later.
    setTimeout(() => (target instanceof HTMLElement ? target.click() : undefined), 0);
  };
  const windowEvent = typeof options.value === 'string' && options.value ? options.value : undefined;
  for (const type of ENGAGE_EVENTS) el.addEventListener(type, wake, { capture: true, passive: true });
  if (windowEvent) window.addEventListener(windowEvent, wake);
};

export default engage;
