import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { SearchSettings } from '@sniff/contracts';

/** A store's synonyms and stop words; the search service holds a copy that it applies at query time. */
@Entity({ name: 'search_settings' })
export class SearchSettingsEntity {
  @PrimaryColumn({ name: 'store_id', type: 'text' })
  storeId!: string;

  @Column({ type: 'jsonb' })
  settings!: SearchSettings;

  /** Goes up by one with every save; the search service ignores a push older than what it has. */
  @Column({ type: 'int' })
  version!: number;

  /** The last version the search service confirmed; below `version` means a push is owed. */
  @Column({ name: 'pushed_version', type: 'int', default: 0 })
  pushedVersion!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
