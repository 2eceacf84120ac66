import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';

/**
 * A TRUSTED_PROXIES setting: comma-separated IPs, CIDR ranges or proxy-addr's names (loopback,
 * linklocal, uniquelocal), checked when the configuration loads. A list already read passes again
 * (a service's root module parses the settings main.ts has parsed).
 */
export function trustedProxiesSetting(fallback = '') {
  const setting = z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const list = text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      try {
        proxyaddr.compile(list);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
      return list;
    });
  return z.preprocess((value) => (Array.isArray(value) ? value.join(',') : value), setting);
}

/** Who sent a request, as far as this process can tell. */
export interface Client {
  /** One IP address: the visitor's, or the socket's when no trusted proxy stands in between. */
  address: string;
  proto: 'http' | 'https';
}

/** "::ffff:1.2.3.4" (an IPv4 client on a dual-stack socket) -> "1.2.3.4", so one visitor is one key. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * The client behind a request: X-Forwarded-For and X-Forwarded-Proto count only when the socket's
 * peer is a trusted proxy (TRUSTED_PROXIES), and then only up to the first address that is not
 * trusted, as Express does with `trust proxy` (same library). Anyone else's headers are ignored, so a
 * visitor cannot pick the address its rate limit (or its visitor key) is counted under. The trust
 * function is compiled once; a request costs a lookup of the socket's address, and a header parse
 * only when that peer is trusted.
 */
export class ClientAddresses {
  private readonly trust: ((address: string, hop: number) => boolean) | undefined;

  constructor(trustedProxies: readonly string[]) {
    this.trust = trustedProxies.length ? proxyaddr.compile([...trustedProxies]) : undefined;
  }

  of(req: IncomingMessage): Client {
    const socket = req.socket.remoteAddress ?? '';
    const proto = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
    if (!this.trust || !this.trust(socket, 0)) return { address: plain(socket), proto };
    const derived = proxyaddr(req, this.trust);
    const claimed = firstValue(req.headers['x-forwarded-proto']);
    return {
      // A trusted proxy that passes on garbage does not get it forwarded as an address.
      address: plain(isIP(derived) ? derived : socket),
      proto: claimed === 'https' || claimed === 'http' ? claimed : proto,
    };
  }
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0].trim().toLowerCase();
}
