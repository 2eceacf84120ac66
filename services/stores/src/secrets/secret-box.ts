import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** A sealed value: `v1.<key id>.<iv>.<tag>.<ciphertext>`, base64url parts. */
const FORMAT = /^v1\.([0-9a-f]{8})\.([\w-]+)\.([\w-]+)\.([\w-]*)$/;

/** 32 bytes, written as 64 hex characters or 43-44 base64 characters. */
export function parseSecretKey(text: string): Buffer | null {
  const value = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return key.length === 32 ? key : null;
}

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/**
 * Seals owners' third-party credentials (Squarespace API keys, Shopify access tokens) at rest with
 * AES-256-GCM. The first key seals; every key opens, so a new key can be put first and the old one
 * kept until every credential has been sealed again (SECRETS_KEY="new,old").
 */
export class SecretBox {
  private readonly keys: Map<string, Buffer>;
  private readonly current: { id: string; key: Buffer };

  constructor(keys: readonly Buffer[]) {
    if (!keys.length) throw new Error('SecretBox needs at least one key');
    this.keys = new Map(keys.map((k) => [keyId(k), k]));
    this.current = { id: keyId(keys[0]!), key: keys[0]! };
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return ['v1', this.current.id, ...parts].join('.');
  }

  /** The plaintext; throws when the value was not sealed by one of our keys or was altered. */
  open(sealed: string): string {
    const m = FORMAT.exec(sealed);
    if (!m) throw new Error('not a sealed secret');
    const key = this.keys.get(m[1]!);
    if (!key) throw new Error('sealed with a key that is no longer configured (SECRETS_KEY)');
    const [iv, tag, body] = [m[2]!, m[3]!, m[4]!].map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', key, iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
  }
}
