/**
 * Lighthouse benchmark (`npm run bench:lighthouse`; not part of npm test). Serves the built site (BENCH_DIST,
 * default dist/) on a fresh PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/
 * postgres; created, seeded with the demo community, dropped), or measures a running site given as
 * LIGHTHOUSE_URL, and runs Lighthouse with Debian's chromium (CHROMIUM, default /usr/bin/chromium) on the home,
 * team, match and player pages, as a phone and as a desktop. Prints performance, accessibility, best practices and
 * SEO scores with LCP, TBT and CLS.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { ROOT, startSite, stopChild, table, withDemoDatabase } from './lib/bench-kit.ts';

const DIST = path.resolve(ROOT, process.env['BENCH_DIST'] ?? 'dist');
const ADMIN_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHROMIUM = process.env['CHROMIUM'] ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

async function getJson<T>(baseUrl: string, pathname: string): Promise<T> {
  const response = await fetch(new URL(pathname, baseUrl));
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The current series' home page, its busiest team, newest public match and one of that match's players. */
async function choosePages(baseUrl: string): Promise<[string, string][]> {
  const series = await getJson<{ tag: string; current: boolean }[]>(baseUrl, '/v3/series');
  const tag = (series.find((s) => s.current) ?? series[0]!).tag;
  const q = `series=${encodeURIComponent(tag)}`;
  const api = `/v3/series/${encodeURIComponent(tag)}`;
  const teams = await getJson<{ tag: string; num_matches: number }[]>(baseUrl, `${api}/teams?limit=100`);
  const busiest = [...teams].sort((a, b) => b.num_matches - a.num_matches)[0]!;
  const { matches } = await getJson<{ matches: { match_id: number }[] }>(baseUrl, `${api}/matches?desc=true&limit=25`);
  const pages: [string, string][] = [
    ['home', `/?${q}`],
    [`team ${busiest.tag}`, `/teams/${encodeURIComponent(busiest.tag)}?${q}`],
  ];
  for (const { match_id: id } of matches) {
    const response = await fetch(new URL(`${api}/matches/${id}`, baseUrl));
    if (!response.ok) continue;
    const detail = (await response.json()) as { player_stats: Record<string, unknown> };
    pages.push([`match ${id}`, `/statistics/matches/${id}?${q}`]);
    const player = Object.keys(detail.player_stats)[0];
    if (player) pages.push(['player', `/statistics/players/${encodeURIComponent(player)}?${q}`]);
    break;
  }
  return pages;
}

async function audit(baseUrl: string): Promise<(string | number)[][]> {
  const pages = await choosePages(baseUrl);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const rows: (string | number)[][] = [];
  try {
    for (const [name, pathname] of pages) {
      for (const form of ['mobile', 'desktop'] as const) {
        const result = await lighthouse(
          new URL(pathname, baseUrl).toString(),
          { port: chrome.port, logLevel: 'error', onlyCategories: [...CATEGORIES] },
          form === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${pathname}`);
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const value = (id: string) => audits[id]?.numericValue ?? NaN;
        rows.push([
          name,
          form,
          ...CATEGORIES.map(score),
          `${Math.round(value('largest-contentful-paint'))} ms`,
          `${Math.round(value('total-blocking-time'))} ms`,
          value('cumulative-layout-shift').toFixed(3),
        ]);
        const failing = Object.values(audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        console.error(
          `${name} (${form}): ${rows.at(-1)!.slice(2).join(' ')}; failing: ${failing.join(', ') || 'none'}`,
        );
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

async function main(): Promise<void> {
  let rows: (string | number)[][];
  const given = process.env['LIGHTHOUSE_URL'];
  if (given) rows = await audit(given);
  else {
    if (!fs.existsSync(path.join(DIST, 'server/entry.mjs'))) throw new Error(`${DIST} has no build: run npm run build`);
    rows = await withDemoDatabase(ADMIN_URL, 'hss_bench_lighthouse', async (url) => {
      const { child, baseUrl } = await startSite(DIST, { DATABASE_URL: url });
      try {
        return await audit(baseUrl);
      } finally {
        await stopChild(child);
      }
    });
  }
  console.log(
    `\n${table(['page', 'form', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'CLS'], rows)}`,
  );
}

await main();
