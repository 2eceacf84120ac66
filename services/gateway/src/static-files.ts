import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Stats } from 'node:fs';

/** The encodings the front-end builds write beside each script and stylesheet, best first. */
export const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
export const PRECOMPRESSED = /\.(js|css)$/;

export interface FileOptions {
  /** How long a browser may reuse the file without asking (Cache-Control: public, max-age), in ms. */
  maxAge?: number;
  /** Sends a script or stylesheet as the build compressed it (its .br or .gz copy) when the browser accepts that. */
  precompressed?: boolean;
  /** Headers for the file about to be sent (its uncompressed name), applied last. */
  headers?: (file: string, stat: Stats) => Record<string, string>;
}

/** Whether an Accept-Encoding header allows `encoding` (named, or `*`, with q > 0). No header: no. */
export function acceptsEncoding(header: string | undefined, encoding: string): boolean {
  let star = false;
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === encoding) return allowed;
    if (name === '*') star = allowed;
  }
  return star;
}

export function contentTypeOf(file: string): string {
  const type = send.mime.getType(file) ?? 'application/octet-stream';
  return send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

/**
 * Sends the file that `path` (the request's path, still percent-encoded) names inside `root`, with
 * ETag, Last-Modified, ranges and 304s (@fastify/send, as express.static did). Resolves false when
 * there is no such file (missing, a directory, a dotfile, a path that would leave root): the
 * caller answers then. The reply goes through Fastify, so @fastify/compress compresses what the
 * build did not.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  root: string,
  path: string,
  o: FileOptions = {},
): Promise<boolean> {
  const options = { root, index: false, dotfiles: 'ignore', maxAge: o.maxAge ?? 0 } as const;
  let result: Awaited<ReturnType<typeof send>> | undefined;
  let encoding: string | undefined;
  if (o.precompressed && PRECOMPRESSED.test(path) && (request.method === 'GET' || request.method === 'HEAD')) {
    void reply.header('vary', 'accept-encoding');
    for (const [name, suffix] of ENCODINGS) {
      if (!acceptsEncoding(request.headers['accept-encoding'], name)) continue;
      const copy = await send(request.raw, path + suffix, options);
      if (copy.type === 'file') {
        [result, encoding] = [copy, name];
        break;
      }
    }
  }
  result ??= await send(request.raw, path, options);
  if (result.type === 'error' && result.statusCode >= 500) throw result.metadata.error;
  if (result.type !== 'file') return false;
  void reply.code(result.statusCode).headers(result.headers);
  const file = encoding ? result.metadata.path.replace(/\.(br|gz)$/, '') : result.metadata.path;
  // A precompressed copy goes out as the original's type, in its encoding.
  if (encoding) void reply.header('content-encoding', encoding).header('content-type', contentTypeOf(file));
  if (o.headers) void reply.headers(o.headers(file, result.metadata.stat));
  void reply.send(result.stream);
  return true;
}
