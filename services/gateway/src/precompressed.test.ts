import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@sniff/service-kit';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createGatewayApp } from './app';
import { gatewayConfigSchema } from './config';

/** A GET with only the given headers; the body as the bytes that came (not decoded). */
function rawGet(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const CHROMIUM = 'gzip, deflate, br, zstd';
const script = (name: string) => `export const ${name} = ${JSON.stringify('text '.repeat(400))};\n`;

describe('gateway: scripts compressed at build', () => {
  let root: string;
  let app: INestApplication;
  let url: string;
  const write = (rel: string, content: string | Buffer) => {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), content);
  };
  /** A script with its precompressed copies, as the front-end builds write them. */
  const writeScript = (rel: string, text: string, copies: Array<'br' | 'gz'> = ['br', 'gz']) => {
    write(rel, text);
    if (copies.includes('br')) write(`${rel}.br`, brotliCompressSync(text));
    if (copies.includes('gz')) write(`${rel}.gz`, gzipSync(text));
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sniff-precompressed-'));
    write('shell/dist/index.html', '<!doctype html><title>Sniff shell</title><div id="root"></div>');
    writeScript('shell/dist/main.js', script('main'));
    writeScript('shell/dist/465.0123abcd.js', script('chunk'));
    writeScript('shell/dist/gzip-only.0123abcd.js', script('gzipOnly'), ['gz']);
    writeScript('shell/dist/plain.0123abcd.js', script('plain'), []);
    writeScript('mfe-wizard/dist/414.89abcdef.js', script('wizard'));
    const config = loadConfig('gateway', gatewayConfigSchema, {
      PORT: '0',
      LOG_LEVEL: 'error',
      INTERNAL_TOKEN: 'test-internal-token-0123456789',
      STATIC_ROOT: root,
    });
    app = await createGatewayApp(config);
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the brotli file to a browser that accepts brotli, as JavaScript cached for a year', async () => {
    for (const [path, name] of [
      ['/465.0123abcd.js', 'chunk'],
      ['/remotes/mfe-wizard/414.89abcdef.js', 'wizard'],
    ]) {
      const res = await rawGet(url, path, { 'accept-encoding': CHROMIUM });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(brotliDecompressSync(res.body).toString()).toBe(script(name));
    }
  });

  it('keeps an unhashed entry revalidated, in whichever encoding is accepted', async () => {
    const br = await rawGet(url, '/main.js?v=1', { 'accept-encoding': CHROMIUM });
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.body).toString()).toBe(script('main'));
    const gzip = await rawGet(url, '/main.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script('main'));
    const plain = await rawGet(url, '/main.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script('main'));
    const refused = await rawGet(url, '/main.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(script('main'));
  });

  it('falls back to gzip, then to compressing on the fly, where the build wrote no copy', async () => {
    const gzipOnly = await rawGet(url, '/gzip-only.0123abcd.js', { 'accept-encoding': CHROMIUM });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipOnly.body).toString()).toBe(script('gzipOnly'));
    const plain = await rawGet(url, '/plain.0123abcd.js', { 'accept-encoding': CHROMIUM });
    expect(plain.headers['content-encoding']).toBe('br');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(plain.body).toString()).toBe(script('plain'));
  });

  it('answers a missing script 404 without a content encoding, and never leaves the build folder', async () => {
    const missing = await rawGet(url, '/missing.0123abcd.js', { 'accept-encoding': CHROMIUM });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).not.toBe('br');
    for (const path of ['/..%2Fmfe-wizard%2Fdist%2F414.89abcdef.js', '/%E0%A4%A.js']) {
      const res = await rawGet(url, path, { 'accept-encoding': CHROMIUM });
      expect(res.status === 400 || res.status === 404).toBe(true);
      expect(res.body.toString()).not.toContain('export const');
    }
  });
});
