import { ForbiddenException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ACCOUNT_DELETED_MESSAGE, type billingEndpoints } from '@sniff/contracts';
import type { z } from 'zod';

type Page = z.infer<typeof billingEndpoints.revokedSubjects.response>;
/** Rows per answer; a gateway starting from 0 asks again while `more`. */
const PAGE = 1000;

/**
 * Revokes `sub` for good, inside the caller's transaction (the deletion request's). Writers take
 * turns on the table (readers do not wait), so cursors become visible in the order they were given:
 * a gateway that has read up to N never misses a lower cursor committed after it looked.
 */
export async function revokeSubject(m: EntityManager, sub: string): Promise<void> {
  await m.query(`LOCK TABLE "billing"."revoked_subjects" IN SHARE ROW EXCLUSIVE MODE`);
  await m.query(`INSERT INTO "billing"."revoked_subjects" ("owner_sub") VALUES ($1) ON CONFLICT DO NOTHING`, [sub]);
}

/** The subjects of deleted accounts: what the gateways refuse, and what billing sells nothing to. */
@Injectable()
export class RevokedSubjects {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async after(cursor: number): Promise<Page> {
    const rows: { cursor: string; owner_sub: string }[] = await this.db.query(
      `SELECT "cursor", "owner_sub" FROM "billing"."revoked_subjects" WHERE "cursor" > $1 ORDER BY "cursor" LIMIT $2`,
      [cursor, PAGE],
    );
    return {
      subjects: rows.map((r) => r.owner_sub),
      cursor: rows.length ? Number(rows[rows.length - 1]!.cursor) : cursor,
      more: rows.length === PAGE,
    };
  }

  /** 403 for an owner who asked to delete their account (a request that passed the gateway just before). */
  async refuse(sub: string): Promise<void> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM "billing"."revoked_subjects" WHERE "owner_sub" = $1`, [
      sub,
    ]);
    if (rows.length) throw new ForbiddenException(ACCOUNT_DELETED_MESSAGE);
  }
}
