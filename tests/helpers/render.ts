/**
 * Renders Astro components for unit tests (files named *.render.test.ts, run with Astro's Vite plugins) through
 * Astro's container API, and queries the HTML with CSS selectors (./dom.ts).
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { parseHtml, type Rendered } from './dom.ts';
import { emptyShell, type Shell } from '#lib/schemas/shell.ts';

export type { Element, Rendered } from './dom.ts';

let container: AstroContainer | undefined;

/** Renders `component` with `props` as the page at `url` would, with `shell` in Astro.locals. */
export async function render(
  // Astro components are functions of their props; the container takes any of them.
  component: (props: never) => unknown,
  options: { props?: object; slots?: Record<string, string>; url?: string; shell?: Partial<Shell> } = {},
): Promise<Rendered> {
  container ??= await AstroContainer.create();
  const html = await container.renderToString(component as never, {
    props: { ...options.props },
    slots: options.slots ?? {},
    request: new Request(options.url ?? 'http://localhost/'),
    locals: { shell: { ...emptyShell, ...options.shell } } as App.Locals,
  });
  return parseHtml(html);
}
