/**
 * Tabs as data (ui.md "Columns and tabs as data"): a page declares its tabs once, with the link each goes to and
 * when it is shown (a tab for managers only); the kit's Tabs component renders the visible ones as links.
 */

export interface TabDef<Context> {
  id: string;
  label: string;
  href: (context: Context) => string;
  /** Shown only when this returns true (absent: always shown). */
  visibleIf?: (context: Context) => boolean;
}

export interface Tab {
  id: string;
  label: string;
  href: string;
  current: boolean;
}

/** The tabs of `defs` visible in `context`, with the one whose id is `currentId` marked current. */
export function visibleTabs<Context>(
  defs: readonly TabDef<Context>[],
  context: Context,
  currentId: string | undefined,
): Tab[] {
  return defs
    .filter((def) => def.visibleIf?.(context) ?? true)
    .map((def) => ({ id: def.id, label: def.label, href: def.href(context), current: def.id === currentId }));
}

/**
 * The current tab id from the `param` of `url` when it names a visible tab, else the first visible tab's id: an
 * unknown or hidden tab in the URL shows the default one instead of an empty page.
 */
export function currentTab<Context>(
  defs: readonly TabDef<Context>[],
  context: Context,
  url: URL,
  param = 'tab',
): string | undefined {
  const visible = defs.filter((def) => def.visibleIf?.(context) ?? true);
  const wanted = url.searchParams.get(param);
  return (visible.find((def) => def.id === wanted) ?? visible[0])?.id;
}
