import type { RequestHandler, Response } from 'express';
import { statSync } from 'node:fs';
import { extname, join, sep } from 'node:path';

/** The encodings the front-end builds write beside each script and stylesheet, best first. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
const PRECOMPRESSED = /\.(js|css)$/;

/** The path of a request's file on disk (inside root), or undefined. */
function fileOf(root: string, path: string): string | undefined {
  try {
    const file = join(root, decodeURIComponent(path));
    return file.startsWith(root + sep) ? file : undefined;
  } catch {
    return undefined;
  }
}

const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() === true;

/**
 * Scripts and stylesheets as the build compressed them (brotli at its best quality, else gzip; see
 * shell/sdk/federation/webpack.js): a request the browser accepts one of them for is pointed at
 * that file, which the static handler after this one serves (caching headers, ETag, and
 * `encodingHeaders`). Any other request goes on unchanged, and the compression middleware
 * compresses it on the fly.
 */
export function precompressed(root: string): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !PRECOMPRESSED.test(req.path)) return next();
    const file = fileOf(root, req.path);
    if (!file) return next();
    res.vary('Accept-Encoding');
    for (const [encoding, suffix] of ENCODINGS) {
      if (!req.acceptsEncodings(encoding) || !isFile(file + suffix)) continue;
      const query = req.url.indexOf('?');
      req.url = query < 0 ? req.url + suffix : req.url.slice(0, query) + suffix + req.url.slice(query);
      break;
    }
    next();
  };
}

/** The name a precompressed file stands for (main.js for main.js.br). */
export const uncompressedName = (file: string): string => file.replace(/\.(br|gz)$/, '');

/**
 * For the static handler's setHeaders, as it sends `file`: a precompressed copy goes out as the
 * original's type in its encoding (set only once the file is really sent, so a 404 is not marked).
 */
export function encodingHeaders(res: Response, file: string): void {
  const encoding = ENCODINGS.find(([, suffix]) => file.endsWith(suffix))?.[0];
  if (!encoding) return;
  res.setHeader('content-encoding', encoding);
  res.type(extname(uncompressedName(file)));
}
