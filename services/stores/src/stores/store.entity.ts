import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Platform, StoreStatus, StoreType } from '@sniff/contracts';

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

  /** The pending ingestion job, so deleting the store can cancel it. */
  @Column({ name: 'job_id', type: 'text', nullable: true })
  jobId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
