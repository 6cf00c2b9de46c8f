/**
 * The server side of the enhancer renderer (#lib/client/enhance/enhancer.ts): an enhancer's markup is its Astro
 * slot, sent as the server rendered it. Wrapped in <astro-slot>, as Astro expects of a renderer that renders its
 * children itself (else it sends them a second time in a <template>).
 */
interface Rendered {
  html: string;
}

const isEnhancer = (component: unknown): boolean =>
  typeof component === 'function' &&
  (component as unknown as Record<symbol, unknown>)[Symbol.for('astro:renderer')] === 'hss:enhance';

export default {
  name: 'hss:enhance',
  check: (component: unknown): boolean => isEnhancer(component),
  renderToStaticMarkup: (
    _component: unknown,
    _props: Record<string, unknown>,
    slots: Record<string, string | undefined>,
  ): Rendered => ({ html: `<astro-slot>${slots['default'] ?? ''}</astro-slot>` }),
};
