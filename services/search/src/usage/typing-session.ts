import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How long a typing session lasts: the keystrokes of one query come within it. A visitor who
 * types on past it starts a new one (and a new search is counted).
 */
export const SESSION_SECONDS = 60;
/** Clock difference tolerated between replicas. */
const CLOCK_LEEWAY_S = 5;
/** 96 bits of HMAC-SHA256, base64url. */
const MAC_CHARS = 16;

/**
 * One search is one query a visitor types: the answer to its first keystroke is counted and hands
 * the widget a typing session, "<start>.<mac>" (the MAC over the store and the start), which the
 * widget sends with the following keystrokes of that query; their answers are not counted. The
 * widget drops it when the visitor settles on the query (pause, Enter, a click, closing the box),
 * so the next query counts again. Stateless, so any worker or replica sharing the key checks it.
 *
 * A copied session answers free for at most SESSION_SECONDS: a script that replays one pays one
 * counted search a minute, and what it costs an owner is bounded per visitor and network anyway.
 */
export class TypingSessions {
  constructor(private readonly key: Buffer) {}

  /** A new session for the store, starting now. */
  start(storeId: string, now = Date.now()): string {
    const start = Math.floor(now / 1000).toString(36);
    return `${start}.${this.mac(storeId, start)}`;
  }

  /** Whether `session` is one this service started for the store, less than SESSION_SECONDS ago. */
  valid(storeId: string, session: string | undefined, now = Date.now()): boolean {
    if (!session || session.length > 32) return false;
    const dot = session.indexOf('.');
    if (dot < 1 || session.length - dot - 1 !== MAC_CHARS) return false;
    const start = session.slice(0, dot);
    if (!/^[0-9a-z]{1,10}$/.test(start)) return false;
    const age = Math.floor(now / 1000) - parseInt(start, 36);
    if (age > SESSION_SECONDS || age < -CLOCK_LEEWAY_S) return false;
    const expected = Buffer.from(this.mac(storeId, start));
    const given = Buffer.from(session.slice(dot + 1));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(storeId: string, start: string): string {
    return createHmac('sha256', this.key).update(`${storeId}\n${start}`).digest('base64url').slice(0, MAC_CHARS);
  }
}
