import type { Enhance } from './enhancer.ts';

/**
 * The client side of the enhancer renderer (astro.config.mjs): hydrating an enhancer island is calling its
 * function with the island's element; the markup is the server's and stays as it is.
 */
export default (element: HTMLElement) =>
  async (component: Enhance<Record<string, unknown>>, props: Record<string, unknown>): Promise<void> => {
    component(element, props);
  };
