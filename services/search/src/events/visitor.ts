import { createHmac } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/**
 * A visitor as analytics counts them: a keyed hash of their network address, different for every
 * store (so visitors cannot be followed across stores) and never the address itself. An IPv6
 * visitor is their /64 (one home or phone network hands out many addresses of it).
 */
export function visitorKey(key: Buffer, storeId: string, address: string): string {
  return createHmac('sha256', key)
    .update(`${storeId}\n${networkOf(address)}`)
    .digest('base64url')
    .slice(0, 22);
}

function networkOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === 'ipv4') return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
