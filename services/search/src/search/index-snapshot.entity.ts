import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The serialized index of a store; replicas load it on first query. Its presence means the store exists here. */
@Entity({ name: 'index_snapshots' })
export class IndexSnapshotEntity {
  @PrimaryColumn({ name: 'store_id', type: 'text' })
  storeId!: string;

  @Column({ type: 'text' })
  engine!: string;

  /** Null (or another engine's name in `engine`): rebuilt from the documents on first query. */
  @Column({ type: 'bytea', nullable: true })
  snapshot!: Buffer | null;

  @Column({ name: 'doc_count', type: 'integer' })
  docCount!: number;

  @Column({ name: 'built_at', type: 'timestamptz' })
  builtAt!: Date;
}
