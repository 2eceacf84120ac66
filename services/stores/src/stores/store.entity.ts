import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type {
  Platform,
  SkippedItem,
  SquarespaceSearchType,
  StoreSource,
  StoreStatus,
  StoreType,
} from '@sniff/contracts';

/** What a source needs besides the credential: never a secret (those are in `credential`, encrypted). */
export interface SourceConfig {
  /** Squarespace: ecommerce stores read products; blogs read posts through the sitemap (and products for full). */
  storeType?: 'ecommerce' | 'blog';
  searchType?: SquarespaceSearchType;
  /** Squarespace blogs: the owner's sitemap URL, else the site's /sitemap.xml. */
  sitemapUrl?: string;
  /** Squarespace: the site's canonical URL as its API names it. */
  siteUrl?: string;
  /** Shopify: the shop's myshopify host, e.g. my-shop.myshopify.com. */
  shop?: string;
  /** A catalogue (CSV) store: when its current file was uploaded (ISO time); a sync leaves it as it is. */
  uploadedAt?: string;
}

/** A search widget ("store") of one owner, with the pages it indexes and its ingestion status. */
@Entity({ name: 'stores' })
export class StoreEntity {
  /** Public id, e.g. st_Ab3dEf...: it appears in embed snippets and search URLs. */
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'owner_sub', type: 'text' })
  ownerSub!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  nickname!: string | null;

  /** The main URL. */
  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text' })
  platform!: Platform;

  @Column({ name: 'store_type', type: 'text' })
  storeType!: StoreType;

  @Column({ type: 'text' })
  status!: StoreStatus;

  @Column({ name: 'status_reason', type: 'text', nullable: true })
  statusReason!: string | null;

  /** The pages the owner selected (main URL first). */
  @Column({ name: 'page_urls', type: 'text', array: true })
  pageUrls!: string[];

  @Column({ name: 'pages_indexed', type: 'int', default: 0 })
  pagesIndexed!: number;

  @Column({ type: 'text', default: 'crawl' })
  source!: StoreSource;

  @Column({ name: 'source_config', type: 'jsonb', default: () => "'{}'" })
  sourceConfig!: SourceConfig;

  /** The Squarespace API key or Shopify access token, sealed with SECRETS_KEY (see secrets/secret-box.ts). */
  @Column({ type: 'text', nullable: true, select: false })
  credential!: string | null;

  /** While a sync runs: items handled and (once known) how many there are. */
  @Column({ name: 'progress_done', type: 'int', nullable: true })
  progressDone!: number | null;

  @Column({ name: 'progress_total', type: 'int', nullable: true })
  progressTotal!: number | null;

  /** What the last sync skipped, with reasons (the first MAX_SKIPPED_LISTED), and how many in all. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  skipped!: SkippedItem[];

  @Column({ name: 'skipped_count', type: 'int', default: 0 })
  skippedCount!: number;

  @Column({ name: 'last_synced_at', type: 'timestamptz', nullable: true })
  lastSyncedAt!: Date | null;

  @Column({ name: 'next_sync_at', type: 'timestamptz', nullable: true })
  nextSyncAt!: Date | null;

  /** When the owner last pressed "Sync now" (it is rate-limited). */
  @Column({ name: 'sync_requested_at', type: 'timestamptz', nullable: true })
  syncRequestedAt!: Date | null;

  /** The pending ingestion job, so deleting the store can cancel it. */
  @Column({ name: 'job_id', type: 'text', nullable: true })
  jobId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
