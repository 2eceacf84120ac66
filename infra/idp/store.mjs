// Postgres storage of the identity provider, in the `idp` schema (created if missing): accounts (scrypt
// password hashes), the RSA signing key and cookie keys (generated once), and oidc-provider's models.
import { generateKeyPairSync, randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { createAdapterTable, postgresAdapter } from './adapter.mjs';

const scryptAsync = promisify(scrypt);

export const DEMO_ACCOUNT = { id: 'demo-owner', email: 'demo@sniff.dev', name: 'Demo Owner', password: 'sniff-demo' };

/** @param {string} password @returns {Promise<string>} "scrypt$<salt hex>$<hash hex>" */
export async function hashPassword(password) {
  const salt = randomBytes(16);
  const hash = /** @type {Buffer} */ (await scryptAsync(password, salt, 64));
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

/** @param {string} password @param {string} stored */
export async function verifyPassword(password, stored) {
  const [scheme, saltHex, hashHex] = String(stored).split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = /** @type {Buffer} */ (await scryptAsync(password, Buffer.from(saltHex, 'hex'), expected.length));
  return timingSafeEqual(expected, actual);
}

/**
 * Opens the store, creating the schema, tables, the demo account and the signing key when missing.
 * @param {string} databaseUrl
 */
export async function openStore(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  await pool.query(`
    CREATE SCHEMA IF NOT EXISTS idp;
    CREATE TABLE IF NOT EXISTS idp.accounts (
      id text PRIMARY KEY,
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      name text NOT NULL,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE IF NOT EXISTS idp.keys (
      kid text PRIMARY KEY,
      jwk jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE IF NOT EXISTS idp.secrets (
      name text PRIMARY KEY,
      value text NOT NULL
    );`);
  await createAdapterTable(pool);
  const demo = await pool.query('SELECT 1 FROM idp.accounts WHERE id = $1', [DEMO_ACCOUNT.id]);
  if (demo.rowCount === 0) {
    await pool.query(
      'INSERT INTO idp.accounts (id, email, name, password_hash) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [DEMO_ACCOUNT.id, DEMO_ACCOUNT.email, DEMO_ACCOUNT.name, await hashPassword(DEMO_ACCOUNT.password)],
    );
  }

  /** @typedef {{ id: string, email: string, name: string, createdAt: Date }} Account */
  const toAccount = (row) =>
    row ? { id: row.id, email: row.email, name: row.name, createdAt: row.created_at } : undefined;

  return {
    /** @returns {Promise<Account | undefined>} */
    async findById(id) {
      const { rows } = await pool.query('SELECT id, email, name, created_at FROM idp.accounts WHERE id = $1', [id]);
      return toAccount(rows[0]);
    },
    /** @returns {Promise<Account | undefined>} the account when the password matches */
    async authenticate(email, password) {
      const { rows } = await pool.query('SELECT * FROM idp.accounts WHERE email = $1', [
        String(email).trim().toLowerCase(),
      ]);
      if (!rows[0]) {
        await hashPassword(String(password)); // same work either way
        return undefined;
      }
      return (await verifyPassword(String(password), rows[0].password_hash)) ? toAccount(rows[0]) : undefined;
    },
    /** @returns {Promise<Account | undefined>} undefined when the e-mail is taken */
    async create({ email, name, password }) {
      const { rows } = await pool.query(
        `INSERT INTO idp.accounts (id, email, name, password_hash) VALUES ($1, $2, $3, $4)
         ON CONFLICT (email) DO NOTHING RETURNING id, email, name, created_at`,
        [`user-${randomUUID()}`, String(email).trim().toLowerCase(), String(name).trim(), await hashPassword(password)],
      );
      return toAccount(rows[0]);
    },
    /**
     * Deletes the account with everything oidc-provider keeps for it (sessions, grants, codes, refresh
     * tokens, interactions in progress), so it can neither sign in nor refresh.
     * @returns {Promise<boolean>} whether there was such an account
     */
    async deleteAccount(id) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(
          `DELETE FROM idp.oidc_models
           WHERE payload->>'accountId' = $1 OR payload#>>'{session,accountId}' = $1
             OR grant_id IN (SELECT id FROM idp.oidc_models WHERE model = 'Grant' AND payload->>'accountId' = $1)`,
          [id],
        );
        const { rowCount } = await client.query('DELETE FROM idp.accounts WHERE id = $1', [id]);
        await client.query('COMMIT');
        return rowCount > 0;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    /** The RSA signing key (private JWK), generated once. */
    async signingKey() {
      const existing = await pool.query('SELECT jwk FROM idp.keys ORDER BY created_at LIMIT 1');
      if (existing.rows[0]) return existing.rows[0].jwk;
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
      await pool.query('INSERT INTO idp.keys (kid, jwk) VALUES ($1, $2)', [jwk.kid, jwk]);
      const { rows } = await pool.query('SELECT jwk FROM idp.keys ORDER BY created_at LIMIT 1');
      return rows[0].jwk;
    },
    /** Keys that sign the session cookies, generated once so sessions survive a restart. */
    async cookieKeys() {
      await pool.query('INSERT INTO idp.secrets (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        'cookie-key',
        randomBytes(32).toString('base64url'),
      ]);
      const { rows } = await pool.query('SELECT value FROM idp.secrets WHERE name = $1', ['cookie-key']);
      return [rows[0].value];
    },
    /** oidc-provider's adapter class, storing in this database */
    adapter: postgresAdapter(pool),
    close: () => pool.end(),
  };
}
