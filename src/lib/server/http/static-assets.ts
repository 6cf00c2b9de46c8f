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
