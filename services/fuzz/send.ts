import { Agent, request } from 'node:http';

/** One HTTP request exactly as written: the path is sent as is (no URL normalisation of `..` or `%`). */
export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send the body in 64 KB chunks with no Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
  /** The whole exchange, body sent and answer read, takes at most this long, or it counts as a hang. */
  deadlineMs?: number;
}

export interface RawAnswer {
  status: number;
  /** The first 500 characters of the answer's body. */
  text: string;
}

/**
 * A connection per request: a server closes its side after some refusals (a body it did not read,
 * a header block too large), and a kept-alive connection reused just then fails on the client's side.
 */
const agent = new Agent({ keepAlive: false });

/**
 * Sends `req` to `base` (http://host:port). A socket error, no answer within `timeoutMs` of silence,
 * or an exchange longer than `req.deadlineMs` is an answer with status 0 and the error as its text. A server may answer an oversized body and close
 * the connection before the client has written it all; the answer counts, not the write error.
 */
export function send(base: string, req: RawRequest, timeoutMs = 10_000): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve) => {
    let settled = false;
    let deadline: NodeJS.Timeout | undefined;
    const finish = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(answer);
    };
    const length = req.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(req.body?.length) };
    const headers = { ...req.headers, ...(req.body ? length : {}) };
    const outgoing = request({
      agent,
      host: url.hostname,
      port: url.port,
      method: req.method,
      path: req.path,
      headers,
    });
    outgoing.setTimeout(timeoutMs, () => {
      finish({ status: 0, text: `no answer in ${timeoutMs} ms` });
      outgoing.destroy();
    });
    if (req.deadlineMs) {
      const ms = req.deadlineMs;
      deadline = setTimeout(() => {
        finish({ status: 0, text: `not answered in full within ${ms} ms` });
        outgoing.destroy();
      }, ms);
    }
    outgoing.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (text.length < 500) text += chunk;
      });
      res.on('end', () => finish({ status: res.statusCode ?? 0, text: text.slice(0, 500) }));
      res.on('error', () => finish({ status: res.statusCode ?? 0, text: text.slice(0, 500) }));
    });
    outgoing.on('error', (err) => {
      // An answer may still be on its way after a failed write (EPIPE, ECONNRESET): give it a moment.
      setTimeout(() => finish({ status: 0, text: `socket error: ${err.message}` }), 200);
    });
    if (!req.chunked || !req.body) return void outgoing.end(req.body);
    const body = req.body;
    let offset = 0;
    const pump = () => {
      while (offset < body.length && !outgoing.destroyed) {
        const chunk = body.subarray(offset, (offset += 64 * 1024));
        if (!outgoing.write(chunk)) return void outgoing.once('drain', pump);
      }
      outgoing.end();
    };
    pump();
  });
}

export function closeSockets(): void {
  agent.destroy();
}
