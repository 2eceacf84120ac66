import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { OwnerDeletionCounts, StoreEventsExport } from '@sniff/contracts';

/**
 * A store's events and zero-result e-mail setting for the account export, and their deletion with the
 * store or the account.
 */
@Injectable()
export class StoreDataService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The newest `limit` events of the store; the visitor hash stays here (it identifies no one to the owner). */
  async events(storeId: string, limit: number): Promise<StoreEventsExport> {
    const rows: {
      type: 'search' | 'click';
      query: string;
      at: Date;
      result_count: number | null;
      url: string | null;
    }[] = await this.db.query(
      `SELECT type, query, at, result_count, url FROM analytics.search_events
          WHERE store_id = $1 ORDER BY at DESC, id DESC LIMIT $2`,
      [storeId, limit],
    );
    const [alert]: { enabled: boolean; updated_at: Date }[] = await this.db.query(
      `SELECT enabled, updated_at FROM analytics.zero_result_alerts WHERE store_id = $1`,
      [storeId],
    );
    return {
      zeroResultAlerts: alert ? { enabled: alert.enabled, updatedAt: new Date(alert.updated_at).toISOString() } : null,
      events: rows.map((r) => ({
        type: r.type,
        query: r.query,
        at: new Date(r.at).toISOString(),
        resultCount: r.result_count,
        url: r.url,
      })),
    };
  }

  /**
   * Deletes every event and the zero-result e-mail setting of the store and remembers the store as deleted, in one transaction, so an
   * event still queued is dropped on arrival (see EventsService.record). A second call deletes 0.
   */
  async delete(storeId: string): Promise<OwnerDeletionCounts> {
    return this.db.transaction(async (m) => {
      await m.query(`INSERT INTO analytics.deleted_stores (store_id) VALUES ($1) ON CONFLICT DO NOTHING`, [storeId]);
      // A DELETE answers [rows, count] through TypeORM.
      const [, events] = (await m.query(`DELETE FROM analytics.search_events WHERE store_id = $1`, [storeId])) as [
        unknown,
        number,
      ];
      const [, zeroResultAlerts] = (await m.query(`DELETE FROM analytics.zero_result_alerts WHERE store_id = $1`, [
        storeId,
      ])) as [unknown, number];
      return { deleted: { events, zeroResultAlerts } };
    });
  }
}
