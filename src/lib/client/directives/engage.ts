import type { ClientDirective } from 'astro';

/** The events that count as a person engaging with an island: a pointer press, a touch, focus or a key press. */
export const ENGAGE_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * `client:engage`: hydrates an island on the first engagement inside it, so a visitor who only reads downloads
 * none of its JavaScript. The island's server-rendered HTML must work on its own meanwhile (links, `<details>`,
 * plain forms): the engaging click itself is handled by that HTML, the island takes over from the next one.
 *
 * `client:engage="some-event"` also hydrates when `window` receives that event: an island that shows what other
 * islands do (the notifications region) is woken by them instead of by the visitor.
 */
const engage: ClientDirective = (load, options, el) => {
  let started = false;
  const wake = async () => {
    if (started) return;
    started = true;
    for (const type of ENGAGE_EVENTS) el.removeEventListener(type, wake, true);
    if (windowEvent) window.removeEventListener(windowEvent, wake);
    const hydrate = await load();
    await hydrate();
  };
  const windowEvent = typeof options.value === 'string' && options.value ? options.value : undefined;
  for (const type of ENGAGE_EVENTS) el.addEventListener(type, wake, { capture: true, passive: true });
  if (windowEvent) window.addEventListener(windowEvent, wake);
};

export default engage;
