/**
 * Islands without a framework ("enhancers"): an island whose server-rendered HTML already does its job (a
 * `<details>` menu of links, a sign-out form) and only needs a few listeners to add keyboard use and the like
 * needs no React: React's runtime alone is more than the first tap may cost (ui.md "Budget": 50 KB brotli for the
 * series and user menus). An enhancer is a plain function that gets the island's element once it is engaged; its
 * markup is the Astro component's slot, rendered by the server as it is (src/lib/build/enhance-renderer.ts).
 *
 * ```astro
 * <SeriesMenuEnhancer client:engage><details class="series-menu">...</details></SeriesMenuEnhancer>
 * ```
 */

/** The renderer that serves enhancers (astro.config.mjs registers it). */
export const ENHANCE_RENDERER = 'hss:enhance';

/** What an enhancer is: given the island's element (astro-island) and its props, it adds its behaviour. */
export type Enhance<Props> = (root: HTMLElement, props: Props) => void;

/** How Astro sees an enhancer: a component taking its props and the markup to enhance as its children. */
export type EnhancerComponent<Props> = (props: Props & { children?: unknown }) => unknown;

/** An island component for Astro from a function that enhances its server-rendered markup. */
export function enhancer<Props extends object = object>(enhance: Enhance<Props>): EnhancerComponent<Props> {
  // Astro picks the renderer of a component tagged with this symbol without asking each renderer first.
  Object.defineProperty(enhance, Symbol.for('astro:renderer'), { value: ENHANCE_RENDERER });
  return enhance as unknown as EnhancerComponent<Props>;
}
