import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { WidgetSettings } from '@sniff/contracts';

/** A store's saved widget look; the widget reads it at run time through the search service. */
@Entity({ name: 'widget_settings' })
export class WidgetSettingsEntity {
  @PrimaryColumn({ name: 'store_id', type: 'text' })
  storeId!: string;

  @Column({ type: 'jsonb' })
  settings!: WidgetSettings;

  /** Goes up by one with every save; a snippet made at an older version yields to the saved look. */
  @Column({ type: 'int' })
  version!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
