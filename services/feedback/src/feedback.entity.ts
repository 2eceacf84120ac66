import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One feedback message: kept until it is delivered (and after, for the owner's data export). */
@Entity({ name: 'messages' })
export class FeedbackEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'owner_sub', type: 'text' })
  ownerSub!: string;

  @Column({ name: 'owner_email', type: 'text' })
  ownerEmail!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'text', nullable: true })
  page!: string | null;

  @Column({ name: 'copy_support', type: 'boolean', default: false })
  copySupport!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;
}
