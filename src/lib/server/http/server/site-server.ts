import http, {
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type RequestListener,
  type ServerResponse,
} from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseSecurityHeaders, htmlCsp, NON_HTML_CSP, siteIsHttps } from './security-headers.ts';
import { buildInlineScripts, scriptHash } from './inline-scripts.ts';
import { checkMethod, methodAnswer } from './methods.ts';
import { isApiPath } from './page-routes.ts';
import { errorResponse } from '#lib/server/http/answers/respond.ts';
import { withAfterResponse } from '#lib/server/core/after-response.ts';
import { messages } from '#lib/server/core/messages.ts';
import { HEALTH_PATHS, healthAnswer } from './health.ts';
import { logRequest } from './request-log.ts';
import { HttpError, STATUS_OVERRIDE_HEADER } from '#lib/server/core/errors.ts';
import { compressResponse } from './compression.ts';
import { answerFromFrontCache } from '#lib/server/http/caches/front-cache.ts';
import { publicFiles, staticAssets } from './static-assets.ts';
import { processApp } from '#lib/server/app.ts';

/*
 * The HTTP server in front of the built Astro handler (static files, then pages and endpoints). The node adapter
 * serves static files and refuses malformed addresses before Astro's middleware runs, and Astro cannot even
 * represent TRACE, so what must hold for every answer is done here: the security headers, the Content-Security-
 * Policy (HTML: only the inline scripts the build can emit), the charset of HTML, and the method check.
 */

/** Writes a fetch Response (a refusal made here) to the Node response. */
async function answer(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), 'content-length': String(body.length) });
  res.end(body);
}

function applyHeaders(res: ServerResponse, headers: OutgoingHttpHeaders | readonly unknown[]): void {
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), String(headers[i + 1]));
    return;
  }
  for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders))
    if (value !== undefined) res.setHeader(name, value);
}

/**
 * Gives the response its policy once its type is known (when the head is written, explicitly or by the first
 * write): HTML gets `htmlPolicy` and a charset, anything else the strict policy for non-documents. A status asked
 * for in STATUS_OVERRIDE_HEADER (an error page Astro could only render as a 500) replaces the written one.
 */
function policeResponse(res: ServerResponse, htmlPolicy: string): void {
  const writeHead = res.writeHead.bind(res) as (status: number) => ServerResponse;
  let decided = false;
  const decide = () => {
    if (decided || res.headersSent) return;
    decided = true;
    const type = String(res.getHeader('content-type') ?? '');
    if (/^text\/html/i.test(type)) {
      if (!/charset=/i.test(type)) res.setHeader('content-type', `${type}; charset=utf-8`);
      res.setHeader('content-security-policy', htmlPolicy);
    } else if (!res.hasHeader('content-security-policy')) {
      res.setHeader('content-security-policy', NON_HTML_CSP);
    }
  };
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const [first, second] = rest;
    if (typeof first === 'string') res.statusMessage = first;
    const headers = typeof first === 'string' ? second : first;
    if (headers) applyHeaders(res, headers as OutgoingHttpHeaders);
    decide();
    const override = res.getHeader(STATUS_OVERRIDE_HEADER);
    if (override === undefined) return writeHead(status);
    res.removeHeader(STATUS_OVERRIDE_HEADER);
    res.statusMessage = '';
    return writeHead(Number(override));
  }) as typeof res.writeHead;
  // A response without writeHead (the static file server) sends its head implicitly at the first write or end.
  for (const method of ['write', 'end'] as const) {
    const original = res[method].bind(res) as (...args: unknown[]) => unknown;
    res[method] = ((...args: unknown[]) => {
      decide();
      return original(...args);
    }) as never;
  }
}

/** The path of a request target, raw (still percent-encoded). */
function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export interface SiteServerOptions {
  /** The inline scripts pages may run (buildInlineScripts of the build being served). */
  inlineScripts: readonly string[];
  /**
   * The build's client folder (dist/client): its files are answered from memory (static-assets.ts), so the handler
   * (the adapter in middleware mode) serves pages and endpoints only.
   */
  clientDir?: string | undefined;
}

export interface SiteServerSettings {
  /** Receives one JSON line per request (request-log.ts); without it nothing is logged. */
  requestLog?: ((line: string) => void) | undefined;
  /** Deliver the Discord webhook outbox from this process (default true; tests turn it off to leave rows waiting). */
  webhooks?: boolean;
  /** Longest a client may take to send a whole request (default REQUEST_TIMEOUT_MS; tests shorten it). */
  requestTimeoutMs?: number;
}

/** A whole request (headers and body: a 25 MB log upload included) must arrive within this, else 408. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The request's headers must arrive within this. */
export const HEADERS_TIMEOUT_MS = 10_000;

/** Delivers webhooks from the process's app once its database is reachable, and stops with the server. */
function deliverWebhooks(server: http.Server): void {
  let stopped = false;
  const start = (): void => {
    processApp()
      .then((app) => {
        if (stopped) return;
        app.deliverWebhooks();
        server.once('close', () => void app.stopWebhooks());
      })
      .catch(() => {
        if (!stopped) setTimeout(start, 5_000).unref();
      });
  };
  server.once('listening', start);
  server.once('close', () => {
    stopped = true;
  });
}

/**
 * Wraps the built Astro handler so that every answer carries the security headers and its policy, goes compressed
 * when the client accepts it and it is text (compression.ts), malformed
 * addresses answer 400 and methods a route does not have 405 with Allow (404 for unknown API addresses), whatever
 * would have answered them.
 */
export function secureHandler(handler: RequestListener, options: SiteServerOptions): RequestListener {
  const htmlPolicy = htmlCsp(options.inlineScripts.map(scriptHash));
  const assets = options.clientDir === undefined ? undefined : staticAssets(options.clientDir);
  const files = options.clientDir === undefined ? undefined : publicFiles(options.clientDir);
  return (req: IncomingMessage, res: ServerResponse): void => {
    const base = baseSecurityHeaders(siteIsHttps());
    const url = req.url ?? '/';
    const pathname = pathOf(url);
    // A cached page for a visitor without cookies is answered here, its headers and compressed bodies made once.
    if (answerFromFrontCache(req, res, pathname, base, htmlPolicy, () => proceed(req, res, url, pathname, base)))
      return;
    if (assets?.(req, res, pathname, base)) return;
    proceed(req, res, url, pathname, base);
  };

  /** Everything the front cache and the build's assets did not answer: checked, secured, compressed, then rendered. */
  function proceed(
    req: IncomingMessage,
    res: ServerResponse,
    url: string,
    pathname: string,
    base: Record<string, string>,
  ): void {
    for (const [name, value] of Object.entries(base)) res.setHeader(name, value);
    // Compression decides from the final headers, so it wraps the response before the policy does.
    compressResponse(req, res);
    policeResponse(res, htmlPolicy);
    try {
      decodeURI(url);
    } catch {
      const refusal = isApiPath(pathname)
        ? errorResponse(new HttpError(400, messages.malformedAddress))
        : new Response(messages.malformedAddress, { status: 400, headers: { 'content-type': 'text/plain' } });
      void answer(res, refusal);
      return;
    }
    const method = req.method ?? 'GET';
    if (HEALTH_PATHS.has(pathname)) {
      void healthAnswer(pathname, method).then((response) => answer(res, response));
      return;
    }
    const outcome = checkMethod(method, pathname);
    if (outcome) {
      void answer(res, methodAnswer(outcome, method, pathname));
      return;
    }
    if (files?.(req, res, pathname)) return;
    // Background work a request starts (the rating worker) waits for its answer to go out: see after-response.ts.
    withAfterResponse(res, () => void handler(req, res));
  }
}

/**
 * Loads the built server entry (file URL of dist/server/entry.mjs) without its own listener and returns an HTTP
 * server answering with it through secureHandler (not yet listening).
 */
export async function createSiteServer(entryUrl: string, settings: SiteServerSettings = {}): Promise<http.Server> {
  process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
  // React picks its build when the entry first loads it: unless told otherwise, the production one, whose server
  // rendering skips the development checks (same HTML, less CPU per page).
  process.env['NODE_ENV'] ??= 'production';
  const { handler } = (await import(entryUrl)) as { handler: RequestListener };
  const entryFile = fileURLToPath(entryUrl);
  const inlineScripts = buildInlineScripts(entryFile);
  const clientDir = path.resolve(path.dirname(entryFile), '../client');
  const secured = secureHandler(handler, { inlineScripts, clientDir });
  const { requestLog } = settings;
  // A client trickling its headers or body holds a connection and its buffers: it gets 408 once past the limit
  // (Node checks each second instead of its default 30).
  const requestTimeout = settings.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const options: http.ServerOptions = {
    requestTimeout,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
    connectionsCheckingInterval: 1_000,
  };
  const server = requestLog
    ? http.createServer(options, (req, res) => {
        logRequest(req, res, requestLog);
        secured(req, res);
      })
    : http.createServer(options, secured);
  if (settings.webhooks !== false) deliverWebhooks(server);
  return server;
}

/** createSiteServer, listening on `host`:`port`. */
export async function serveBuiltSite(
  entryUrl: string,
  host: string,
  port: number,
  settings: SiteServerSettings = {},
): Promise<http.Server> {
  const server = await createSiteServer(entryUrl, settings);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
