/**
 * Writers of `npm run bench:load` sent at an even pace: request i of a kind at `rate` a second leaves at i / rate
 * seconds, on up to `connections` kept-alive connections. autocannon limits a rate per connection, one a second each
 * on timers that all start together, so its 15 reports and 5 approvals a second left in the same millisecond: a burst
 * of 20 writes each second, which the teams of a crowd, each reporting its own match, do not send (`--burst` keeps
 * that pattern). Latency runs from the moment a request is due to the end of its answer, so a request that waited
 * for a free connection counts that wait too.
 */
import http from 'node:http';
import { createHistogram } from 'node:perf_hooks';
import type { AutocannonRequest, AutocannonResult } from './bench-kit.ts';

/** A request that has not answered after this long counts as a timeout (autocannon's default). */
const TIMEOUT_MS = 10_000;

/**
 * Sends `rate` requests a second for `seconds` (the kind's one request, rewritten by its `setupRequest` as it is
 * sent) and answers what autocannon would have: totals, p50 and p99 in ms, errors, timeouts and status classes.
 */
export async function runPaced(
  baseUrl: string,
  kind: { connections: number; overallRate: number; requests: AutocannonRequest[] },
  seconds: number,
): Promise<AutocannonResult> {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: kind.connections });
  const latency = createHistogram();
  const counts = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, errors: 0, timeouts: 0 };
  const template = kind.requests[0] ?? {};
  const total = Math.floor(kind.overallRate * seconds);
  const start = performance.now();

  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const request = template.setupRequest ? template.setupRequest({ ...template }) : template;
      const body = request.body === undefined ? undefined : Buffer.from(request.body);
      const outgoing = http.request({
        agent,
        hostname,
        port,
        method: request.method ?? 'GET',
        path: request.path ?? '/',
        headers: { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        timeout: TIMEOUT_MS,
      });
      outgoing.on('response', (response) => {
        response.resume();
        response.on('end', () => {
          latency.record(Math.max(1, Math.round(performance.now() - due)));
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 600) counts[`${Math.floor(status / 100)}xx` as '2xx']++;
          resolve();
        });
      });
      let timedOut = false;
      outgoing.on('timeout', () => {
        timedOut = true;
        counts.timeouts++;
        outgoing.destroy();
        resolve();
      });
      // A timed-out request's destruction also reports an error: it counts once, as a timeout.
      outgoing.on('error', () => {
        if (!timedOut) counts.errors++;
        resolve();
      });
      outgoing.end(body);
    });

  const sent: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / kind.overallRate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(send(due));
  }
  await Promise.all(sent);
  agent.destroy();
  const answered = latency.count;
  return {
    requests: { average: answered / seconds, total: answered },
    latency: { p50: answered ? latency.percentile(50) : 0, p99: answered ? latency.percentile(99) : 0 },
    non2xx: counts['3xx'] + counts['4xx'] + counts['5xx'],
    errors: counts.errors,
    timeouts: counts.timeouts,
    '2xx': counts['2xx'],
    '3xx': counts['3xx'],
    '4xx': counts['4xx'],
    '5xx': counts['5xx'],
  };
}
