// oidc-provider's storage adapter on Postgres (table idp.oidc_models), so sessions, grants and refresh
// tokens survive a restart of the identity provider.

/** @param {import('pg').Pool} pool */
export async function createAdapterTable(pool) {
  await pool.query(`
    CREATE TABLE IF NOT EXISTS idp.oidc_models (
      model text NOT NULL,
      id text NOT NULL,
      payload jsonb NOT NULL,
      grant_id text,
      uid text,
      user_code text,
      expires_at timestamptz,
      PRIMARY KEY (model, id)
    );
    CREATE INDEX IF NOT EXISTS oidc_models_grant_id ON idp.oidc_models (grant_id);
    CREATE INDEX IF NOT EXISTS oidc_models_uid ON idp.oidc_models (uid);`);
}

/**
 * @param {import('pg').Pool} pool
 * @returns {new (model: string) => object} the adapter class oidc-provider instantiates per model
 */
export function postgresAdapter(pool) {
  const live = '(expires_at IS NULL OR expires_at > now())';
  return class PostgresAdapter {
    /** @param {string} model */
    constructor(model) {
      this.model = model;
    }

    async upsert(id, payload, expiresIn) {
      await pool.query(
        `INSERT INTO idp.oidc_models (model, id, payload, grant_id, uid, user_code, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(secs => $7::int) END)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           uid = EXCLUDED.uid, user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at`,
        [
          this.model,
          id,
          payload,
          payload.grantId ?? null,
          payload.uid ?? null,
          payload.userCode ?? null,
          expiresIn ? Math.ceil(expiresIn) : null,
        ],
      );
      // drop what has expired now and then
      if (Math.random() < 0.02) await pool.query('DELETE FROM idp.oidc_models WHERE expires_at < now()');
    }

    async #findBy(column, value) {
      const { rows } = await pool.query(
        `SELECT payload FROM idp.oidc_models WHERE model = $1 AND ${column} = $2 AND ${live}`,
        [this.model, value],
      );
      return rows[0]?.payload;
    }

    find(id) {
      return this.#findBy('id', id);
    }

    findByUid(uid) {
      return this.#findBy('uid', uid);
    }

    findByUserCode(userCode) {
      return this.#findBy('user_code', userCode);
    }

    async consume(id) {
      await pool.query(
        `UPDATE idp.oidc_models SET payload = payload || jsonb_build_object('consumed', extract(epoch FROM now())::int)
         WHERE model = $1 AND id = $2`,
        [this.model, id],
      );
    }

    async destroy(id) {
      await pool.query('DELETE FROM idp.oidc_models WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async revokeByGrantId(grantId) {
      await pool.query('DELETE FROM idp.oidc_models WHERE grant_id = $1', [grantId]);
    }
  };
}
