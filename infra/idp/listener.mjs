import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { NoSniffResponse } from './security-headers.mjs';

/**
 * The IdP's server: plain HTTP, or with `tls` HTTP and HTTPS on the same port. Auth0 is HTTPS only and the
 * auth0 SDK's ManagementClient builds https://{domain} URLs, while browsers use the http issuer: a TLS
 * connection starts with a handshake record (first byte 0x16), an HTTP one with a method name.
 * @param {import('node:http').RequestListener} handleRequest
 * @param {{ certFile: string, keyFile: string } | undefined} tls
 */
export function listener(handleRequest, tls) {
  // every answer, pages and errors alike, whoever writes it, says nosniff
  const plain = http.createServer({ ServerResponse: NoSniffResponse }, handleRequest);
  if (!tls) return { server: plain, closeAll: () => plain.closeAllConnections() };
  const secure = https.createServer(
    { cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile), ServerResponse: NoSniffResponse },
    handleRequest,
  );
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    // a connection that never says which protocol it speaks is not kept
    socket.setTimeout(30_000, () => socket.destroy());
    socket.once('data', (first) => {
      socket.setTimeout(0);
      socket.pause();
      socket.unshift(first);
      (first[0] === 0x16 ? secure : plain).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  return { server, closeAll: () => sockets.forEach((socket) => socket.destroy()) };
}
