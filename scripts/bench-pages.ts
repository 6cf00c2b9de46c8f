/**
 * Page benchmark (`npm run bench:pages`; options `--seconds 20 --rounds 3 --connections 50`, and to narrow a run
 * `--only <text in the page name>` and `--cache on|off`). On a fresh
 * PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; created and dropped)
 * filled with the demo community, it serves the built site (BENCH_DIST, default dist/) through the site server and
 * measures with autocannon the home page, /teams, the busiest team's page, a match page, a player page,
 * /statistics/winrates and one JSON list, with the read cache on and with READ_CACHE_SECONDS=0. Beside each, in the
 * same run and with the same settings, a bare node:http server answers the very same bytes: the limit of this
 * machine for an answer of that size. Prints req/s, p50, p99 (medians of the rounds) and the ratio to the limit.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { autocannon, freePort, ROOT, startSite, stopChild, table, withDemoDatabase } from './lib/bench-kit.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    // Narrow a run while working: pages whose name contains this text, and one cache setting ('on' or 'off').
    only: { type: 'string' },
    cache: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const CONNECTIONS = Number(values.connections);
const DIST = path.resolve(ROOT, process.env['BENCH_DIST'] ?? 'dist');
const ONLY = values.only;
const CACHE = values.cache;
const ADMIN_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Page {
  name: string;
  path: string;
}

interface Answer {
  status: number;
  type: string;
  body: Buffer;
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

async function getJson<T>(baseUrl: string, pathname: string): Promise<T> {
  const response = await fetch(new URL(pathname, baseUrl));
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The pages to measure, with the demo's busiest team, a recent match and one of its players. */
async function choosePages(baseUrl: string): Promise<Page[]> {
  const series = await getJson<{ tag: string; current: boolean }[]>(baseUrl, '/v3/series');
  // The demo's current series may be young: measure the one with the most matches.
  let best: { tag: string; total: number } | undefined;
  for (const { tag } of series) {
    const list = await getJson<{ meta: { total_count: number } }>(
      baseUrl,
      `/v3/series/${encodeURIComponent(tag)}/matches?limit=1`,
    );
    if (!best || list.meta.total_count > best.total) best = { tag, total: list.meta.total_count };
  }
  const tag = best!.tag;
  const q = `series=${encodeURIComponent(tag)}`;
  const api = `/v3/series/${encodeURIComponent(tag)}`;
  const teams = await getJson<{ tag: string; num_matches: number }[]>(baseUrl, `${api}/teams?limit=100`);
  const busiest = [...teams].sort((a, b) => b.num_matches - a.num_matches)[0]!;
  const { matches } = await getJson<{ matches: { match_id: number }[] }>(baseUrl, `${api}/matches?desc=true&limit=25`);
  let match: { id: number; player: string | undefined } | undefined;
  for (const { match_id: id } of matches) {
    // Private matches answer 403 to a visitor: take the newest public one.
    const response = await fetch(new URL(`${api}/matches/${id}`, baseUrl));
    if (!response.ok) continue;
    const detail = (await response.json()) as { player_stats: Record<string, unknown> };
    match = { id, player: Object.keys(detail.player_stats)[0] };
    break;
  }
  if (!match) throw new Error(`series ${tag} has no public match`);
  const player = match.player;
  return [
    { name: 'home', path: `/?${q}` },
    { name: 'teams', path: `/teams?${q}` },
    { name: `team ${busiest.tag}`, path: `/teams/${encodeURIComponent(busiest.tag)}?${q}` },
    { name: `match ${match.id}`, path: `/statistics/matches/${match.id}?${q}` },
    ...(player ? [{ name: 'player', path: `/statistics/players/${encodeURIComponent(player)}?${q}` }] : []),
    { name: 'winrates', path: `/statistics/winrates?${q}` },
    { name: 'JSON match list', path: `${api}/matches?desc=true&limit=25` },
  ];
}

async function fetchAnswer(baseUrl: string, pathname: string): Promise<Answer> {
  const response = await fetch(new URL(pathname, baseUrl), {
    redirect: 'manual',
    headers: { 'accept-encoding': 'identity' },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? 'application/octet-stream',
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** A bare node:http server answering each path with the bytes the site gave for it. */
async function startLimit(answers: Map<string, Answer>): Promise<{ server: http.Server; baseUrl: string }> {
  const server = http.createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, { 'content-type': answer.type, 'content-length': answer.body.length });
    res.end(answer.body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${port}` };
}

async function measure(baseUrl: string, pathname: string) {
  const runs = [];
  for (let round = 0; round < ROUNDS; round++) {
    runs.push(
      await autocannon({ url: new URL(pathname, baseUrl).toString(), connections: CONNECTIONS, duration: SECONDS }),
    );
  }
  return {
    rps: median(runs.map((r) => r.requests.average)),
    p50: median(runs.map((r) => r.latency.p50)),
    p99: median(runs.map((r) => r.latency.p99)),
    failed: runs.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
  };
}

async function benchWithCache(url: string, cacheSeconds: string): Promise<(string | number)[][]> {
  const { child, baseUrl } = await startSite(DIST, { DATABASE_URL: url, READ_CACHE_SECONDS: cacheSeconds });
  const rows: (string | number)[][] = [];
  try {
    const pages = (await choosePages(baseUrl)).filter((page) => !ONLY || page.name.includes(ONLY));
    const answers = new Map<string, Answer>();
    for (const page of pages) answers.set(page.path, await fetchAnswer(baseUrl, page.path));
    const limit = await startLimit(answers);
    try {
      for (const page of pages) {
        const answer = answers.get(page.path)!;
        await autocannon({ url: new URL(page.path, baseUrl).toString(), connections: 10, duration: 1 }); // warm-up
        const site = await measure(baseUrl, page.path);
        const bare = await measure(limit.baseUrl, page.path);
        rows.push([
          page.name,
          cacheSeconds === '0' ? 'off' : `${cacheSeconds} s`,
          answer.status,
          `${(answer.body.length / 1024).toFixed(1)} KB`,
          Math.round(site.rps),
          `${site.p50} ms`,
          `${site.p99} ms`,
          Math.round(bare.rps),
          `${((100 * site.rps) / bare.rps).toFixed(1)} %`,
          site.failed,
        ]);
        console.error(
          `${page.name} (cache ${cacheSeconds}): ${Math.round(site.rps)} req/s, limit ${Math.round(bare.rps)}`,
        );
      }
    } finally {
      await new Promise<void>((resolve) => limit.server.close(() => resolve()));
    }
  } finally {
    await stopChild(child);
  }
  return rows;
}

if (!fs.existsSync(path.join(DIST, 'server/entry.mjs'))) {
  console.error(`${DIST} has no build: run \`npm run build\` first`);
  process.exit(1);
}
await withDemoDatabase(ADMIN_URL, 'hss_bench_pages', async (url) => {
  const rows = [
    ...(CACHE === 'off' ? [] : await benchWithCache(url, '10')),
    ...(CACHE === 'on' ? [] : await benchWithCache(url, '0')),
  ];
  console.log(
    `\nPages on PostgreSQL with the demo community: ${CONNECTIONS} connections, ${SECONDS} s, median of ${ROUNDS} rounds; ` +
      'limit = a bare node:http server sending the same bytes\n',
  );
  console.log(
    table(['page', 'read cache', 'status', 'size', 'req/s', 'p50', 'p99', 'limit req/s', 'of limit', 'failed'], rows),
  );
  console.log(
    `\nmachine: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
});
