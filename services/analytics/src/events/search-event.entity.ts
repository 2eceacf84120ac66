import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One search intent or click, as the search service queued it. */
@Entity({ name: 'search_events' })
@Index(['storeId', 'at'])
export class SearchEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** The queue job that carried it: a retried job is stored once. */
  @Column({ name: 'job_id', type: 'text', unique: true })
  jobId!: string;

  @Column({ name: 'store_id', type: 'text' })
  storeId!: string;

  @Column({ type: 'text' })
  type!: 'search' | 'click';

  @Column({ type: 'text' })
  query!: string;

  @Column({ name: 'normalized_query', type: 'text' })
  normalizedQuery!: string;

  @Column({ name: 'result_count', type: 'integer', nullable: true })
  resultCount!: number | null;

  @Column({ name: 'hit_id', type: 'text', nullable: true })
  hitId!: string | null;

  @Column({ type: 'text', nullable: true })
  url!: string | null;

  /** Keyed hash of the visitor's network address, per store (null: recorded before visitors were). */
  @Column({ type: 'text', nullable: true })
  visitor!: string | null;

  /** The signed answer the event refers to. */
  @Column({ name: 'search_key', type: 'text', nullable: true })
  searchKey!: string | null;

  @Column({ type: 'timestamptz' })
  at!: Date;
}
