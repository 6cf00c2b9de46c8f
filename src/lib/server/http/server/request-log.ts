import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/*
 * One JSON line per request, for operators: when, which request (the id is also sent back as X-Request-Id, so a
 * visitor's report can be matched to its line), method, path, status, duration. Only the path is logged, never
 * the query string or headers: they carry OAuth codes and states, redirect targets, cookies and API keys.
 */

export interface RequestLogLine {
  time: string;
  id: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  /** The client went away before the answer was complete. */
  aborted?: true;
}

/** A proxy's request id is kept when it looks like one; anything else is replaced, never echoed. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The request's id: the incoming X-Request-Id when well formed, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTABLE_ID.test(given) ? given : randomUUID();
}

/**
 * Gives the response its X-Request-Id and calls `write` with the request's log line once the answer is sent or
 * the connection closed.
 */
export function logRequest(req: IncomingMessage, res: ServerResponse, write: (line: string) => void): void {
  const started = performance.now();
  const id = requestIdOf(req);
  res.setHeader('x-request-id', id);
  const rawUrl = req.url ?? '/';
  const queryAt = rawUrl.search(/[?#]/);
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  res.once('close', () => {
    const line: RequestLogLine = {
      time: new Date().toISOString(),
      id,
      method: req.method ?? 'GET',
      path: path.length > 512 ? `${path.slice(0, 512)}...` : path,
      status: res.statusCode,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ...(res.writableFinished ? {} : { aborted: true as const }),
    };
    write(JSON.stringify(line));
  });
}
