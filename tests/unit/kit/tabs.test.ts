import { describe, expect, it } from 'vitest';
import { currentTab, visibleTabs, type TabDef } from '#lib/kit/tabs.ts';

interface Context {
  tag: string;
  manager: boolean;
}
const defs: TabDef<Context>[] = [
  { id: 'overview', label: 'Overview', href: (c) => `/teams/${c.tag}` },
  { id: 'matches', label: 'Matches', href: (c) => `/teams/${c.tag}?tab=matches` },
  { id: 'private', label: 'Private matches', href: (c) => `/teams/${c.tag}?tab=private`, visibleIf: (c) => c.manager },
];

describe('tabs', () => {
  it('shows only the tabs visible in the context, marking the current one', () => {
    expect(visibleTabs(defs, { tag: 'X', manager: false }, 'matches')).toEqual([
      { id: 'overview', label: 'Overview', href: '/teams/X', current: false },
      { id: 'matches', label: 'Matches', href: '/teams/X?tab=matches', current: true },
    ]);
    expect(visibleTabs(defs, { tag: 'X', manager: true }, 'private').map((t) => t.id)).toEqual([
      'overview',
      'matches',
      'private',
    ]);
  });
  it('takes the current tab from the URL when it is visible, else the first', () => {
    const visitor = { tag: 'X', manager: false };
    expect(currentTab(defs, visitor, new URL('http://x/teams/X?tab=matches'))).toBe('matches');
    expect(currentTab(defs, visitor, new URL('http://x/teams/X?tab=private'))).toBe('overview');
    expect(currentTab(defs, visitor, new URL('http://x/teams/X?tab=bogus'))).toBe('overview');
    expect(currentTab(defs, { tag: 'X', manager: true }, new URL('http://x/teams/X?tab=private'))).toBe('private');
  });
});
