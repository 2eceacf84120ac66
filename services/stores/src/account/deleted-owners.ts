import { ForbiddenException } from '@nestjs/common';
import { ACCOUNT_DELETED_MESSAGE } from '@sniff/contracts';
import type { EntityManager } from 'typeorm';

/**
 * A per-owner lock for the length of a transaction: creations take it shared, the tombstone exclusive.
 * So a creation either commits before the tombstone (and the deletion, which lists the stores after
 * it, finds and deletes the new store) or sees the tombstone and creates nothing.
 */
const lockOwner = (m: EntityManager, sub: string, mode: 'shared' | 'exclusive') =>
  m.query(
    `SELECT ${mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock'}(hashtextextended($1, 0))`,
    [`stores.owner:${sub}`],
  );

/** Marks the owner deleted (account deletion), before any of their stores goes. */
export async function tombstone(m: EntityManager, sub: string): Promise<void> {
  await lockOwner(m, sub, 'exclusive');
  await m.query(`INSERT INTO "stores"."deleted_owners" ("owner_sub") VALUES ($1) ON CONFLICT DO NOTHING`, [sub]);
}

/** Inside a store's creation: 403 for a deleted owner (a call a gateway let through just before). */
export async function refuseDeletedOwner(m: EntityManager, sub: string): Promise<void> {
  await lockOwner(m, sub, 'shared');
  const rows: unknown[] = await m.query(`SELECT 1 FROM "stores"."deleted_owners" WHERE "owner_sub" = $1`, [sub]);
  if (rows.length) throw new ForbiddenException(ACCOUNT_DELETED_MESSAGE);
}
