import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';

/*
 * Compression of answers on the way out (spec speed: pages opened from Discord on phones). Text-like bodies
 * (HTML, JSON, CSS, JavaScript, SVG, the OpenAPI document) go zstd when the client names it, else brotli when it
 * accepts it, else gzip; images, archives and already encoded bodies pass as they are.
 */

/** The encodings of bodies compressed once and kept (cached pages, build assets): the smallest at their best. */
export type Encoding = 'br' | 'gzip';
/** The encodings of a body compressed as it is sent, where CPU per request counts more than the last few bytes. */
export type LiveEncoding = Encoding | 'zstd';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|[a-z.+-]*\+json)|image\/svg\+xml)/i;
// Below this a compressed body saves less than its framing costs.
const MIN_BYTES = 1024;
// Brotli's default (11) spends tens of milliseconds per page. Only pages rendered for one visitor pass here (a cached
// page is compressed once, at 11, front-cache.ts): quality 4 costs about what gzip's default does and much less than 5,
// for a body a few per cent larger (bench:page-cpu).
const BROTLI_QUALITY = 4;
// zstd's default level: faster than brotli 4 on a page for a body a few per cent larger (bench:page-cpu); browsers that name zstd (Chromium, Firefox) get it, the others brotli. Node < 23.8 has no zstd.
const ZSTD_LEVEL = 3;
const HAS_ZSTD = typeof zlib.zstdCompressSync === 'function';
// A body still growing past this is compressed as it streams rather than held whole (compressResponse).
const STREAM_ABOVE = 4 * 1024 * 1024;

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

/**
 * The encoding to compress a body with as it is sent: zstd when the header names it (not through `*`: a client
 * asking for anything may predate it), else as chooseEncoding.
 */
export function chooseLiveEncoding(acceptEncoding: string | undefined): LiveEncoding | undefined {
  if (HAS_ZSTD && acceptEncoding && /\bzstd\b/i.test(acceptEncoding)) {
    const named = acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .find(([name]) => name?.trim() === 'zstd');
    const q = named
      ?.slice(1)
      .map((p) => p.trim())
      .find((p) => p.startsWith('q='));
    if (named && (q ? Number(q.slice(2)) || 0 : 1) > 0) return 'zstd';
  }
  return chooseEncoding(acceptEncoding);
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

function compressor(encoding: LiveEncoding): zlib.Gzip | zlib.BrotliCompress | zlib.ZstdCompress {
  if (encoding === 'zstd')
    return zlib.createZstdCompress({ params: { [zlib.constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } });
  return encoding === 'br'
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : zlib.createGzip();
}

function compressWhole(encoding: LiveEncoding, body: Buffer): Buffer {
  if (encoding === 'zstd')
    return zlib.zstdCompressSync(body, { params: { [zlib.constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } });
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : zlib.gzipSync(body);
}

function toBuffer(chunk: unknown, encoding: BufferEncoding | undefined): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, encoding);
  if (Buffer.isBuffer(chunk)) return chunk;
  const view = chunk as ArrayBufferView;
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}

type Callback = (error?: Error | null) => void;

/**
 * Makes `res` compress its body when `req` accepts it and the body is worth it, decided when the head is written
 * (explicitly or by the first write). Must wrap `res` before anything that sets headers in writeHead wrappers,
 * so that every header is known by then.
 *
 * The body is held until `end` and compressed in one synchronous call, sent with its Content-Length: pages and API
 * answers arrive whole (Astro renders them to a string), and one call costs half of what a compression stream costs
 * (its setup, a round trip to the thread pool per chunk, a socket write per compressed chunk). A body that grows past
 * STREAM_ABOVE bytes before its end is streamed through a compressor instead (head sent, chunked), so memory stays
 * bounded. As before, only a body announced below MIN_BYTES (Content-Length) goes as it is: the front cache compresses
 * the same answers when cached (front-cache.ts), and both must agree.
 */
export function compressResponse(req: IncomingMessage, res: ServerResponse): void {
  const encoding = chooseLiveEncoding(req.headers['accept-encoding']);
  if (!encoding || req.method === 'HEAD') return;
  const writeHead = res.writeHead.bind(res) as (status: number, message?: string) => ServerResponse;
  const write = res.write.bind(res) as (chunk: unknown, callback?: Callback) => boolean;
  const end = res.end.bind(res) as (chunk?: unknown, callback?: () => void) => ServerResponse;
  // undecided until the head is known; 'hold' while the body is being collected; 'stream' once it is too big.
  let mode: 'undecided' | 'pass' | 'hold' | 'stream' = 'undecided';
  let head: { status: number; message: string | undefined } | undefined;
  let held: Buffer[] = [];
  let heldBytes = 0;
  let stream: ReturnType<typeof compressor> | undefined;

  const decide = (status: number, message?: string): void => {
    if (mode !== 'undecided' || res.headersSent) return;
    if (!worthCompressing(res, status)) {
      mode = 'pass';
      return;
    }
    mode = 'hold';
    head = { status, message };
    // The head waits for the body; the status is visible now, as it would be once written (request log).
    res.statusCode = status;
    addVary(res);
  };

  const startStream = (): void => {
    mode = 'stream';
    res.removeHeader('content-length');
    res.setHeader('content-encoding', encoding);
    writeHead(head!.status, head!.message);
    const compressed = (stream = compressor(encoding));
    compressed.on('data', (chunk: Buffer) => {
      if (!write(chunk)) compressed.pause();
    });
    res.on('drain', () => compressed.resume());
    compressed.on('end', () => end());
    compressed.on('error', (error) => res.destroy(error));
    compressed.write(Buffer.concat(held, heldBytes));
    held = [];
  };

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const [first, second] = rest;
    const message = typeof first === 'string' ? first : undefined;
    const headers = (typeof first === 'string' ? second : first) as OutgoingHttpHeaders | undefined;
    if (headers && !Array.isArray(headers))
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    decide(status, message);
    return mode === 'hold' ? res : writeHead(status, message);
  }) as typeof res.writeHead;

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    decide(res.statusCode);
    if (mode === 'pass' || mode === 'undecided') return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    const callback = rest.find((arg): arg is Callback => typeof arg === 'function');
    const data = toBuffer(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined);
    if (mode === 'hold') {
      held.push(data);
      heldBytes += data.length;
      if (heldBytes > STREAM_ABOVE) startStream();
      if (callback) process.nextTick(callback);
      return true;
    }
    stream!.write(data, callback);
    // Back-pressure is applied between the compressor and the socket (pause/drain above).
    return true;
  }) as typeof res.write;

  res.end = ((...args: unknown[]) => {
    decide(res.statusCode);
    if (mode === 'pass' || mode === 'undecided') return (end as (...a: unknown[]) => ServerResponse)(...args);
    const callback = args.find((arg): arg is () => void => typeof arg === 'function');
    const chunk = typeof args[0] === 'function' ? undefined : args[0];
    const last =
      chunk === undefined || chunk === null
        ? undefined
        : toBuffer(chunk, typeof args[1] === 'string' ? (args[1] as BufferEncoding) : undefined);
    if (mode === 'stream') {
      if (callback) res.once('finish', callback);
      if (last) stream!.end(last);
      else stream!.end();
      return res;
    }
    if (last) held.push(last);
    const packed = compressWhole(encoding, Buffer.concat(held, heldBytes + (last?.length ?? 0)));
    held = [];
    mode = 'pass';
    res.setHeader('content-encoding', encoding);
    res.setHeader('content-length', packed.length);
    writeHead(head!.status, head!.message);
    return end(packed, callback);
  }) as typeof res.end;
}
