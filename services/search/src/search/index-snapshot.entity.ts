import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The serialized index of a store; replicas load it on first query. Its presence means the store exists here. */
@Entity({ name: 'index_snapshots' })
export class IndexSnapshotEntity {
  @PrimaryColumn({ name: 'store_id', type: 'text' })
  storeId!: string;

  @Column({ type: 'text' })
  engine!: string;

  @Column({ type: 'text' })
  snapshot!: string;

  @Column({ name: 'doc_count', type: 'integer' })
  docCount!: number;

  @Column({ name: 'built_at', type: 'timestamptz' })
  builtAt!: Date;
}
