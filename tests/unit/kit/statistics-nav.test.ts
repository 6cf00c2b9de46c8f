import { describe, expect, it } from 'vitest';
import { currentStatisticsPage, isSideNavCollapsed, sideNavCookie, STATISTICS_PAGES } from '#lib/kit/statistics-nav.ts';

describe('statistics navigation', () => {
  it('lists the side navigation of ui.md, each page with a summary', () => {
    expect(STATISTICS_PAGES.map((p) => p.label)).toEqual([
      'Players',
      'Compare',
      'Matches',
      'Report match',
      'Win rates',
      'Tournaments',
      'Ratings',
    ]);
    for (const page of STATISTICS_PAGES) {
      expect(page.path).toMatch(/^\/statistics\//);
      expect(page.summary.length).toBeGreaterThan(20);
    }
  });
  it('marks the deepest entry a page lies under', () => {
    expect(currentStatisticsPage('/statistics/matches/report')?.id).toBe('report');
    expect(currentStatisticsPage('/statistics/matches/42')?.id).toBe('matches');
    expect(currentStatisticsPage('/statistics/matches')?.id).toBe('matches');
    expect(currentStatisticsPage('/statistics/tournaments/CUP/edit')?.id).toBe('tournaments');
    expect(currentStatisticsPage('/statistics')).toBeUndefined();
    expect(currentStatisticsPage('/statistics/playersx')).toBeUndefined();
  });
  it('remembers the collapsed state in a site-wide cookie', () => {
    expect(sideNavCookie(true, false)).toBe('side_nav=collapsed; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(sideNavCookie(false, true)).toBe('side_nav=open; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(isSideNavCollapsed('collapsed')).toBe(true);
    expect(isSideNavCollapsed('open')).toBe(false);
    expect(isSideNavCollapsed(undefined)).toBe(false);
  });
});
