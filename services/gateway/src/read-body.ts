import type { IncomingMessage } from 'node:http';
import { GatewayError } from './http-error';

/** Whether a request says it carries a body. */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`);

/**
 * A 413 for a body over `limit`. The connection closes after it: the rest of such a body is not
 * worth reading, and the client may still be sending it.
 */
export function tooLarge(limit: number): GatewayError {
  return new GatewayError(413, `Request body is larger than ${size(limit)}`, { connection: 'close' });
}

/** Refuses at once a body whose Content-Length is over `limit`, before any of it is read. */
export function checkDeclaredLength(req: IncomingMessage, limit: number): void {
  if (Number(req.headers['content-length'] ?? 0) > limit) throw tooLarge(limit);
}

/** Reads a whole request body, at most `limit` bytes (413 beyond, whether or not a length was declared). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        req.off('data', onData);
        req.resume(); // drained, not kept, until the connection closes
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
