/**
 * The kinds of request of `npm run bench:load`, each measured by its own autocannon run (so each gets its own p50
 * and p99), the paths the readers visit on the demo, the admin's session, and the server's resident memory.
 */
import fs from 'node:fs';
import { autocannon, siteSights, type AutocannonRequest, type AutocannonResult } from './bench-kit.ts';
import type { ProbeReport } from './load-probe.ts';

export interface LoadKind {
  name: string;
  connections: number;
  /** Requests per second over the kind's connections; unlimited when absent. */
  overallRate?: number;
  /** The cycle every connection of this kind repeats. */
  requests: AutocannonRequest[];
}

/**
 * Runs one kind for `duration` seconds. A kind whose requests are fixed (the readers) sends them from a worker thread
 * of its own: the readers keep a thread busy, and the few writers, whose requests are made here, would otherwise
 * wait for it to take their answers, which then measured this process's lag as much as the server's.
 */
export function runKind(baseUrl: string, kind: LoadKind, duration: number): Promise<AutocannonResult> {
  const fixed = kind.requests.every((request) => request.setupRequest === undefined);
  return autocannon({
    url: baseUrl,
    connections: kind.connections,
    duration,
    requests: kind.requests,
    ...(kind.overallRate ? { overallRate: kind.overallRate } : {}),
    ...(fixed ? { workers: 1 } : {}),
  });
}

/** The resident memory of process `pid` in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** What the readers visit in the current series: the home page, five other pages and five API reads. */
export async function choosePaths(baseUrl: string): Promise<{
  series: string;
  home: string;
  pages: string[];
  api: string[];
}> {
  const { tag, q, api, busiest, match } = await siteSights(baseUrl);
  const team = encodeURIComponent(busiest);
  const player = encodeURIComponent(match.player);
  return {
    series: tag,
    home: `/?${q}`,
    pages: [
      `/teams?${q}`,
      `/teams/${team}?${q}`,
      `/statistics/matches/${match.id}?${q}`,
      `/statistics/players/${player}?${q}`,
      `/statistics/winrates?${q}`,
    ],
    api: [
      `${api}/teams?limit=100`,
      `${api}/matches?desc=true&limit=25`,
      `${api}/matches/${match.id}`,
      `${api}/players/${player}`,
      `${api}/teams/${team}`,
    ],
  };
}

function cookieOf(response: Response, name: string): string {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [key, ...value] = pair!.split('=');
    if (key?.trim() === name) return value.join('=');
  }
  throw new Error(`no ${name} cookie`);
}

/** Signs in as the demo admin (demo sign-in is on for a local site) and answers the headers of a state change. */
export async function signInAdmin(baseUrl: string): Promise<{ headers: Record<string, string> }> {
  const demo = await fetch(`${baseUrl}/v2/auth/demo?as=admin&redirect_uri=%2F`, { redirect: 'manual' });
  const session = cookieOf(demo, 'hss_session');
  const page = await fetch(`${baseUrl}/privacy-policy`, { headers: { cookie: `hss_session=${session}` } });
  const csrf = cookieOf(page, 'csrf_token');
  return { headers: { cookie: `hss_session=${session}; csrf_token=${csrf}`, 'x-csrf-token': csrf } };
}

/** CPU seconds (user + system) process `pid` has used so far (Linux /proc; clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Asks the server's probe (load-probe.ts, loaded with `--import`) for what it measured since it was last asked, and
 * answers it once written (within 5 s; undefined if never).
 */
export async function askProbe(pid: number, file: string): Promise<ProbeReport | undefined> {
  fs.rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as ProbeReport;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}
