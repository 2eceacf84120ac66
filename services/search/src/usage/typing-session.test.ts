import { SESSION_SECONDS, TypingSessions } from './typing-session';

describe('typing sessions', () => {
  const sessions = new TypingSessions(Buffer.from('a key only these tests use, 32 bytes'));
  const at = Date.UTC(2026, 10, 28, 12, 0, 0);

  it("hold for the query's keystrokes, on the store they were started for", () => {
    const session = sessions.start('store-1', at);
    expect(sessions.valid('store-1', session, at + 1_000)).toBe(true);
    expect(sessions.valid('store-1', session, at + SESSION_SECONDS * 1000)).toBe(true);
    expect(sessions.valid('store-2', session, at + 1_000)).toBe(false);
  });

  it('end after SESSION_SECONDS, and one from the future is none', () => {
    const session = sessions.start('store-1', at);
    expect(sessions.valid('store-1', session, at + (SESSION_SECONDS + 1) * 1000)).toBe(false);
    expect(sessions.valid('store-1', session, at - 60_000)).toBe(false);
  });

  it('cannot be made or moved without the key', () => {
    const session = sessions.start('store-1', at);
    const [start, mac] = session.split('.') as [string, string];
    const later = (parseInt(start, 36) + 30).toString(36);
    expect(sessions.valid('store-1', `${later}.${mac}`, at + 40_000)).toBe(false);
    expect(sessions.valid('store-1', `${start}.${mac.slice(0, -1)}A`, at)).toBe(false);
    const other = new TypingSessions(Buffer.from('another key, another deployment'));
    expect(other.valid('store-1', session, at)).toBe(false);
    for (const junk of [undefined, '', '.', 'abc', `${start}.`, `.${mac}`, `${start}.${mac}.x`, 'x'.repeat(64)])
      expect(sessions.valid('store-1', junk, at)).toBe(false);
  });
});
