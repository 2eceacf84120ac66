import { randomBytes } from 'node:crypto';
import { parseSecretKey, SecretBox } from './secret-box';

describe('SecretBox', () => {
  const a = randomBytes(32);
  const b = randomBytes(32);

  it('seals so the stored text never contains the secret, and opens it again', () => {
    const box = new SecretBox([a]);
    const sealed = box.seal('sqsp_live_secret_key');
    expect(sealed).not.toContain('sqsp_live_secret_key');
    expect(sealed).not.toBe(box.seal('sqsp_live_secret_key')); // a fresh IV each time
    expect(box.open(sealed)).toBe('sqsp_live_secret_key');
  });

  it('refuses an altered value and one sealed with an unknown key', () => {
    const sealed = new SecretBox([a]).seal('token');
    const parts = sealed.split('.');
    parts[4] = Buffer.from('tokem').toString('base64url');
    expect(() => new SecretBox([a]).open(parts.join('.'))).toThrow();
    expect(() => new SecretBox([b]).open(sealed)).toThrow(/no longer configured/);
  });

  it('opens values of an older key kept after the new one (rotation)', () => {
    const old = new SecretBox([a]).seal('token');
    const rotated = new SecretBox([b, a]);
    expect(rotated.open(old)).toBe('token');
    expect(rotated.seal('x').split('.')[1]).not.toBe(old.split('.')[1]);
  });

  it('reads keys written in hex or base64, and nothing shorter', () => {
    expect(parseSecretKey(a.toString('hex'))).toEqual(a);
    expect(parseSecretKey(a.toString('base64'))).toEqual(a);
    expect(parseSecretKey('too-short')).toBeNull();
  });
});
