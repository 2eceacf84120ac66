import { createHmac } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/**
 * The keys an owner's counting caps are kept under for a visitor address: the address itself and
 * its network (an IPv4 /24, an IPv6 /48: what one household, office or small hosting customer
 * holds), each a keyed hash with the owner in it, so the tallies hold no addresses and one
 * visitor's tallies differ between owners.
 */
export function quotaKeys(key: Buffer, owner: string, address: string): { visitor: string; network: string } {
  const hash = (text: string) => createHmac('sha256', key).update(`${owner}\n${text}`).digest('base64url').slice(0, 22);
  return { visitor: hash(`a ${plainAddress(address)}`), network: hash(`n ${networkOf(address)}`) };
}

function parsed(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(address)) return null;
  const ip = ipaddr.parse(address);
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

/** One spelling per address ("::ffff:1.2.3.4" is 1.2.3.4; IPv6 in its short form). */
export function plainAddress(address: string): string {
  return parsed(address)?.toString() ?? address;
}

/** "203.0.113.0/24" or "2001:db8:1::/48"; anything unparsable stands for itself. */
export function networkOf(address: string): string {
  const ip = parsed(address);
  if (!ip) return address;
  if (ip.kind() === 'ipv4') return `${(ip as ipaddr.IPv4).octets.slice(0, 3).join('.')}.0/24`;
  return `${(ip as ipaddr.IPv6).parts
    .slice(0, 3)
    .map((p) => p.toString(16))
    .join(':')}::/48`;
}
