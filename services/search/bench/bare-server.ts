import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';

/**
 * The honest ceiling of the HTTP benchmark: a bare node:http server in a process of its own (as the gateway
 * is), answering every request with a fixed JSON body of the search answers' size and nothing else (no
 * routing, no proxying, no logging). What the gateway adds to a search is measured against it.
 */
export interface BareServer {
  origin: string;
  stop(): Promise<void>;
}

/** Starts the bare server answering `bytes` of JSON; resolves with its address once it listens. */
export function startBareServer(bytes: number): Promise<BareServer> {
  const child: ChildProcess = fork(__filename, ['serve', String(bytes)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    child.once('message', (port) => {
      resolve({
        origin: `http://127.0.0.1:${String(port)}`,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill();
          }),
      });
    });
  });
}

/** A JSON text of exactly `bytes` bytes (at least 16): one string padded to the size. */
export function jsonOfSize(bytes: number): Buffer {
  const frame = '{"hits":[],"p":""}';
  return Buffer.from(frame.replace('""', `"${'x'.repeat(Math.max(0, bytes - frame.length))}"`));
}

if (require.main === module && process.argv[2] === 'serve') {
  const body = jsonOfSize(Number(process.argv[3]));
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };
  const server = createServer((req, res) => {
    res.writeHead(200, headers).end(body);
  });
  server.keepAliveTimeout = 5_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.(typeof address === 'object' && address ? address.port : 0);
  });
}
