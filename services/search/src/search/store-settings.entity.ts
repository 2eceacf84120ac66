import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { SearchSettings } from '@sniff/contracts';

/** A store's synonyms and stop words, applied at query time; the stores service owns the original. */
@Entity({ name: 'store_settings' })
export class StoreSettingsEntity {
  @PrimaryColumn({ name: 'store_id', type: 'text' })
  storeId!: string;

  @Column({ type: 'jsonb' })
  settings!: SearchSettings;

  /** The stores service's save counter: an older push never replaces a newer one. */
  @Column({ type: 'int' })
  version!: number;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
