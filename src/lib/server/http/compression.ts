import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';

/*
 * Compression of answers on the way out (spec speed: pages opened from Discord on phones). Text-like bodies
 * (HTML, JSON, CSS, JavaScript, SVG, the OpenAPI document) go brotli when the client accepts it, else gzip;
 * images, archives and already encoded bodies pass as they are.
 */

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|[a-z.+-]*\+json)|image\/svg\+xml)/i;
// Below this a compressed body saves less than its framing costs.
const MIN_BYTES = 1024;
// Brotli's default (11) spends tens of milliseconds per page. Only pages rendered for one visitor pass here (a cached
// page is compressed once, at 11, page-door.ts): on a 94 KB team page quality 4 takes 1.2 ms against 2.1 ms for 5
// (and 1.2 ms for gzip's default), for a body 7% larger (16.0 KB against 15.0 KB).
const BROTLI_QUALITY = 4;

/**
 * The encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none (identity); a `;q=0`
 * refuses one.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const wanted = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wanted('br')) return 'br';
  if (wanted('gzip')) return 'gzip';
  return undefined;
}

function worthCompressing(res: ServerResponse, status: number): boolean {
  if (status < 200 || status === 204 || status === 304) return false;
  if (res.hasHeader('content-encoding')) return false;
  if (/\bno-transform\b/i.test(String(res.getHeader('cache-control') ?? ''))) return false;
  if (!COMPRESSIBLE.test(String(res.getHeader('content-type') ?? ''))) return false;
  const length = res.getHeader('content-length');
  return length === undefined || Number(length) >= MIN_BYTES;
}

function addVary(res: ServerResponse): void {
  const vary = String(res.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

type Callback = (error?: Error | null) => void;

/**
 * Makes `res` compress its body when `req` accepts it and the body is worth it, decided when the head is written
 * (explicitly or by the first write). Must wrap `res` before anything that sets headers in writeHead wrappers,
 * so that every header is known by then.
 */
export function compressResponse(req: IncomingMessage, res: ServerResponse): void {
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (!encoding || req.method === 'HEAD') return;
  const writeHead = res.writeHead.bind(res) as (status: number, message?: string) => ServerResponse;
  const write = res.write.bind(res) as (chunk: unknown, callback?: Callback) => boolean;
  const end = res.end.bind(res) as (callback?: () => void) => ServerResponse;
  let stream: zlib.Gzip | zlib.BrotliCompress | undefined;
  let decided = false;

  const decide = (status: number) => {
    if (decided || res.headersSent) return;
    decided = true;
    if (!worthCompressing(res, status)) return;
    res.removeHeader('content-length');
    res.setHeader('content-encoding', encoding);
    addVary(res);
    stream =
      encoding === 'br'
        ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : zlib.createGzip();
    const compressed = stream;
    compressed.on('data', (chunk: Buffer) => {
      if (!write(chunk)) compressed.pause();
    });
    res.on('drain', () => compressed.resume());
    compressed.on('end', () => end());
    compressed.on('error', (error) => res.destroy(error));
  };

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const [first, second] = rest;
    const message = typeof first === 'string' ? first : undefined;
    const headers = (typeof first === 'string' ? second : first) as OutgoingHttpHeaders | undefined;
    if (headers && !Array.isArray(headers))
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    decide(status);
    return writeHead(status, message);
  }) as typeof res.writeHead;

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    decide(res.statusCode);
    if (!stream) return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    const callback = rest.find((arg): arg is Callback => typeof arg === 'function');
    const encodingArg = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined;
    const data = typeof chunk === 'string' ? Buffer.from(chunk, encodingArg) : (chunk as Buffer);
    stream.write(data, callback);
    // Back-pressure is applied between the compressor and the socket (pause/drain above).
    return true;
  }) as typeof res.write;

  res.end = ((...args: unknown[]) => {
    decide(res.statusCode);
    if (!stream) return (end as (...a: unknown[]) => ServerResponse)(...args);
    const callback = args.find((arg): arg is () => void => typeof arg === 'function');
    const chunk = typeof args[0] === 'function' ? undefined : args[0];
    const encodingArg = typeof args[1] === 'string' ? (args[1] as BufferEncoding) : undefined;
    if (callback) res.once('finish', callback);
    if (chunk !== undefined && chunk !== null)
      stream.end(typeof chunk === 'string' ? Buffer.from(chunk, encodingArg) : (chunk as Buffer));
    else stream.end();
    return res;
  }) as typeof res.end;
}
