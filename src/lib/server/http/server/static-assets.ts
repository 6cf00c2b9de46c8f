import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { chooseEncoding } from './compression.ts';
import { NON_HTML_CSP } from './security-headers.ts';

/*
 * The hashed build assets under /_astro/, answered by the site server from memory: their names change with their
 * contents, so browsers may keep them a year without asking again, and the brotli and gzip files written beside
 * them at build time (precompress.ts) are sent as they are instead of compressing on every request.
 */

export const ASSET_PREFIX = '/_astro/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

interface Asset {
  type: string;
  identity: Buffer;
  br?: Buffer | undefined;
  gzip?: Buffer | undefined;
}

const readIfPresent = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : undefined);

/**
 * An answerer of /_astro/ requests from `clientDir` (dist/client): the folder is listed once, each file read on its
 * first request and kept. Names not in the listing (and anything but a plain file name) are left to the handler.
 */
export function staticAssets(clientDir: string) {
  const dir = path.join(clientDir, '_astro');
  const names = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  const assets = new Map<string, Asset>();

  const load = (name: string): Asset | undefined => {
    let asset = assets.get(name);
    const type = TYPES[path.extname(name).toLowerCase()];
    if (asset || !type || !names.has(name)) return asset;
    const file = path.join(dir, name);
    asset = {
      type,
      identity: fs.readFileSync(file),
      br: readIfPresent(`${file}.br`),
      gzip: readIfPresent(`${file}.gz`),
    };
    assets.set(name, asset);
    return asset;
  };

  /**
   * Answers a GET or HEAD of an asset of the build with `base` (the security headers) and returns true, else false.
   */
  return (req: IncomingMessage, res: ServerResponse, pathname: string, base: Record<string, string>): boolean => {
    if (!pathname.startsWith(ASSET_PREFIX) || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const name = pathname.slice(ASSET_PREFIX.length);
    if (!/^[\w.-]+$/.test(name)) return false;
    const asset = load(name);
    if (!asset) return false;
    // precompress.ts writes both files or neither.
    const compressed = asset.br !== undefined && asset.gzip !== undefined;
    const encoding = compressed ? chooseEncoding(req.headers['accept-encoding']) : undefined;
    const body = (encoding && asset[encoding]) || asset.identity;
    res.writeHead(200, {
      ...base,
      'content-type': asset.type,
      'content-security-policy': NON_HTML_CSP,
      'cache-control': IMMUTABLE,
      'content-length': body.length,
      ...(compressed ? { vary: 'Accept-Encoding' } : {}),
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}

interface PublicFile {
  type: string;
  body: Buffer;
  etag: string;
  lastModified: string;
}

/**
 * An answerer of the build's other files (dist/client outside /_astro/: the favicon, the backdrop), read once at
 * start and kept, with the validators and caching the adapter's file server gave them (`Cache-Control: public,
 * max-age=0`, a weak ETag of size and time, Last-Modified; a matching If-None-Match answers 304). Every other
 * address is left to the handler, which then never looks for a file on the disk first.
 */
export function publicFiles(clientDir: string) {
  const files = new Map<string, PublicFile>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      const file = path.join(dir, entry.name);
      const address = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        if (address !== ASSET_PREFIX.slice(0, -1)) walk(file, address);
        continue;
      }
      const type = TYPES[path.extname(entry.name).toLowerCase()];
      if (!entry.isFile() || !type || entry.name.startsWith('.')) continue;
      const stat = fs.statSync(file);
      files.set(address, {
        type,
        body: fs.readFileSync(file),
        etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
        lastModified: stat.mtime.toUTCString(),
      });
    }
  };
  walk(clientDir, '');

  /** Answers a GET or HEAD of one of the files (headers set before are kept) and returns true, else false. */
  return (req: IncomingMessage, res: ServerResponse, pathname: string): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let address: string;
    try {
      address = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    const file = files.get(address);
    if (!file) return false;
    res.setHeader('cache-control', 'public, max-age=0');
    res.setHeader('etag', file.etag);
    res.setHeader('last-modified', file.lastModified);
    const tags = req.headers['if-none-match'];
    if (tags && tags.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag.slice(2))) {
      res.writeHead(304).end();
      return true;
    }
    res.setHeader('content-type', file.type);
    res.setHeader('content-length', file.body.length);
    res.writeHead(200).end(req.method === 'HEAD' ? undefined : file.body);
    return true;
  };
}
