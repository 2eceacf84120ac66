import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { IndexDocument } from '@sniff/contracts';

/** What tells whether an item changed since the last sync, as its source offers it. */
export interface Fingerprint {
  etag?: string;
  lastModified?: string;
  /** A sitemap's <lastmod>. */
  lastmod?: string;
  /** A product's modification time at Squarespace or Shopify. */
  updatedAt?: string;
}

/** The last synced state of one page, post or product of a store. */
@Entity({ name: 'source_items' })
export class SourceItemEntity {
  @PrimaryColumn({ name: 'store_id', type: 'text' })
  storeId!: string;

  /** Stable per store: a page's URL, a product's id at its platform, a catalogue row's id. */
  @PrimaryColumn({ type: 'text' })
  key!: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  fingerprint!: Fingerprint;

  @Column({ type: 'jsonb' })
  document!: IndexDocument;
}
