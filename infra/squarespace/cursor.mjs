// Opaque page cursors: base64url of the position after which the next page starts (modifiedOn and id of the
// last product sent) with the site and type filter they belong to, plus a short MAC so a hand-made or
// mangled cursor is refused (400) rather than silently read. Positions, not offsets: the cursor is dynamic,
// so products modified after the first page show up on later pages.
import { createHmac, timingSafeEqual } from 'node:crypto';

// Fixed, so cursors stay valid across restarts like Squarespace's; it only guards against typos.
const MAC_KEY = 'sniff-local-squarespace-cursor';

/** @typedef {{ siteId: string, types: string[], modifiedOn: string, id: string }} Position */

const mac = (payload) => createHmac('sha256', MAC_KEY).update(payload).digest('base64url').slice(0, 16);

/** @param {Position} position */
export function encodeCursor({ siteId, types, modifiedOn, id }) {
  const payload = Buffer.from(JSON.stringify({ s: siteId, t: types, m: modifiedOn, i: id })).toString('base64url');
  return `${payload}.${mac(payload)}`;
}

/** @returns {Position | undefined} undefined for anything this server did not hand out */
export function decodeCursor(cursor) {
  const [payload, given, ...rest] = String(cursor).split('.');
  if (!payload || !given || rest.length) return undefined;
  const expected = Buffer.from(mac(payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  try {
    const { s, t, m, i } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof s !== 'string' || !Array.isArray(t) || typeof m !== 'string' || typeof i !== 'string') return undefined;
    return { siteId: s, types: t, modifiedOn: m, id: i };
  } catch {
    return undefined;
  }
}
