import type http from 'node:http';
import { closeProcessApp } from '#lib/server/app.ts';

/**
 * Stops `server` gracefully: it stops accepting connections at once, idle keep-alive connections are closed,
 * requests in flight may finish for up to `graceMs`, then whatever is left is cut. Resolves when every
 * connection is gone, with whether the requests in flight all finished within the grace period.
 */
export async function closeGracefully(server: http.Server, graceMs: number): Promise<boolean> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A keep-alive connection that finishes its request becomes idle: close it then instead of waiting for its timeout.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), graceMs);
  });
  try {
    const finished = await Promise.race([closed.then(() => true as const), graceOver]);
    if (!finished) {
      server.closeAllConnections();
      await closed;
    }
    return finished;
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
}

/** How long requests in flight may take to finish after SIGTERM. */
export const STOP_GRACE_MS = 10_000;

/**
 * On SIGTERM or SIGINT: stop accepting, let requests in flight finish (up to STOP_GRACE_MS), close the database,
 * exit 0. A second signal exits at once.
 */
export function stopOnSignals(server: http.Server, log: (line: string) => void = console.log): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log(`${signal}: stopping; requests in flight have ${STOP_GRACE_MS / 1000} s to finish.`);
    const finished = await closeGracefully(server, STOP_GRACE_MS);
    if (!finished) log('Requests still running after the grace period were cut.');
    // The webhook message being posted and the rating pass under way finish; the rest wait for the next start.
    await closeProcessApp();
    log('Stopped.');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (s) => void stop(s));
}
