import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One indexed page or product of a store, as the stores service handed it over. */
@Entity({ name: 'documents' })
export class DocumentEntity {
  @PrimaryColumn({ name: 'store_id', type: 'text' })
  storeId!: string;

  @PrimaryColumn({ name: 'doc_id', type: 'text' })
  docId!: string;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  headings!: string[];

  @Column({ type: 'text', default: '' })
  body!: string;

  @Column({ type: 'double precision', nullable: true })
  price!: number | null;

  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl!: string | null;
}
